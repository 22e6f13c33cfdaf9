/**
 * The payer's name read at the start of a statement text, or of one of its fields (issue 30: a
 * 60,000-line month spent 28 s of 35 folding every prefix of every line). foldedPrefixesSql folds
 * each distinct prefix once and skips the prefixes that cannot fold to a name; this checks it
 * against the plain definition — every prefix folded, then kept when it is a name — on generated
 * texts made of what folding treats specially: legal forms and their cut-off starts, Vietnamese
 * phrases, Thai titles and legal words, half-width kana, dots, ampersands, umlaut spellings,
 * and runs of letters and digits that are or are not part of a name.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import { foldedPrefixesSql, nameExpression } from '../../../src/main/reconcile/engine/recipe-sql';
import { lit } from '../../../src/main/reconcile/engine/sql';

/** The definition: the prefixes as they were read before foldedPrefixesSql, each folded. */
function plainPrefixes(x: string, words = 6): string {
  const wordsOf = (text: string) => `string_split(trim(regexp_replace(${text}, '[\\s\\x{3000}]+', ' ', 'g')), ' ')`;
  const prefixes = (text: string) => {
    const ws = wordsOf(text);
    return `list_transform(range(1, least(len(${ws}), ${words}) + 1), k -> ${nameExpression(`array_to_string(${ws}[1:k], ' ')`)})`;
  };
  const afterLabel = (text: string) => {
    const ws = wordsOf(text);
    return `flatten(list_transform(range(2, least(len(${ws}), 5) + 1), ws0 -> list_transform(range(ws0, least(len(${ws}), ws0 + ${words} - 1) + 1), k -> ${nameExpression(`array_to_string(${ws}[ws0:k], ' ')`)})))`;
  };
  // A word opening with a Han character, by its first 2–16 characters (a name glued to its legal form).
  const han = (text: string) => {
    const ws = wordsOf(text);
    return `flatten(list_transform(list_filter(${ws}, w -> regexp_matches(w, '^\\p{Han}')), w -> list_transform(range(2, least(length(w) - 1, 16) + 1), n -> ${nameExpression('left(w, n)')})))`;
  };
  const fields = `string_split_regex(coalesce(${x}, ''), '\\s*[-/:;|]\\s*')[2:]`;
  const untagged = `regexp_replace(f, '^\\s*\\S+\\s+', '')`;
  return `list_concat(${prefixes(`coalesce(${x}, '')`)}, ${afterLabel(`coalesce(${x}, '')`)}, ${han(`coalesce(${x}, '')`)}, flatten(list_transform(${fields}, f -> list_concat(${prefixes('f')}, ${prefixes(untagged)}))))`;
}

const WORDS = [
  // Names and their parts, some with digits.
  'Weber', 'Söhne', 'SOEHNE', 'Haeusler', 'Block', 'AE3', 'ae3', 'Customer', '3', '32', '7-Eleven', 'A1', 'Q8', 'Müller2', 'B2B', '3M',
  // Legal forms, whole or cut off, with dots; Vietnamese phrases; Thai titles and legal words; kana.
  'GmbH', 'G.m.b.H.', 'Ltd', 'Co', 'KG', '&', 'Gesellsch', 'Gesells', 'Limit', 'B.V.', 'S.A.', 'sp.', 'z', 'o.o.', 'Cong', 'ty', 'CO', 'PHAN', 'TNHH',
  'นาย', 'คุณมาลี', 'บจก.', 'จำกัด', 'ｶ)ｽﾙｶﾞﾃﾞﾝｷ', '(ｶ', 'スルガ', 'ー', 'ł', 'Øst',
  // Chinese names glued to their legal form, whole or cut by the bank, and Han words with digits.
  '源興鋼鐵', '源興鋼鐵企業社', '新光精密工業股份有', '上海华联有限责任公司', '股份有限公司', '8月貨款', '貨款8月', '發票56587045',
  // Bank texts: labels, references, ids, separators glued to words.
  'TRF', 'SEPA', 'DE', 'INV-1000', 'INV-2026-000123', 'P08767273', 'EREF+123', '/INV/77', 'RE:55', 'FT2026/4490', '12.500', 'a.1000', '1.000,00', 'x1ae', 'ae.1', 'A.E1', 'o.e2',
  'Inv', '1000', 'NEFT-BARBN5202603-PATIL', 'IRRIGATION', 'PVT', '/DE', '/MOTIF', ';', '|', '-', 'Straße', 'STRASSE', 'A&B', 'O.K.', 'Ｆｕｌｌ１',
];

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 9 }).chain((ws) =>
  fc.array(fc.constantFrom(' ', ' ', ' ', '-', '/', ': ', ';', '  ', '\u3000', ''), { minLength: ws.length, maxLength: ws.length }).map((seps) => ws.map((w, i) => (i ? seps[i] : '') + w).join('')),
);

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
});
afterAll(() => db.close());

/** (k, p) pairs the fast path and the definition give for `texts` against the names that `names` fold to. */
async function compare(texts: string[], names: string[]): Promise<{ fast: string[]; plain: string[] }> {
  const rows = texts.map((t, i) => `(${i}, ${lit(t)})`).join(', ');
  const from = `(VALUES ${rows}) s(id, t)`;
  const namesSql = `SELECT DISTINCT p FROM (SELECT ${nameExpression('v')} AS p FROM (VALUES ${names.map((n) => `(${lit(n)})`).join(', ')}) n(v)) WHERE length(p) >= 3`;
  const fast = await db.all<{ x: string }>(`SELECT id || ':' || k || ':' || p AS x FROM (${foldedPrefixesSql('s.t', 's.id', from, namesSql, 'names')}) ORDER BY x`);
  const plain = await db.all<{ x: string }>(
    `WITH names AS (${namesSql}), pre AS (SELECT s.id, unnest(${plainPrefixes('s.t')}) AS p, generate_subscripts(${plainPrefixes('s.t')}, 1) AS k FROM ${from})
     SELECT id || ':' || k || ':' || p AS x FROM pre WHERE p IN (SELECT p FROM names) ORDER BY x`,
  );
  return { fast: fast.map((r) => r.x), plain: plain.map((r) => r.x) };
}

describe('name prefixes of statement texts', () => {
  it('the fast path finds exactly the prefixes that fold to a name, at the same places', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), fc.array(text, { maxLength: 3 }), async (texts, picks, extra) => {
        // Names are word runs of the texts themselves (so many prefixes are names) and a few others.
        const names = [...extra];
        for (const [i, pick] of picks.entries()) {
          const ws = texts[pick % texts.length].split(/[\s\u3000]+/).filter(Boolean);
          if (ws.length) names.push(ws.slice(pick % ws.length, (pick % ws.length) + 1 + (i % 4)).join(' '));
        }
        if (!names.length) names.push('Weber Söhne');
        const { fast, plain } = await compare(texts, names);
        expect(fast).toEqual(plain);
      }),
      { numRuns: 100 },
    );
  });

  it('finds a name holding digits, whatever its letters fold to, and no prefix for a digit run no name holds', async () => {
    const texts = ['BLOCK AE3 TRADERS INV-1000', 'Customer 3 Ltd 1000', 'SEPA Haeusler 24 GmbH P08767273', 'Customer 31 Ltd'];
    const { fast, plain } = await compare(texts, ['Block Ae3 Traders', 'Customer 3', 'Häusler 24 GmbH']);
    expect(fast).toEqual(plain);
    expect(fast).toEqual(expect.arrayContaining([expect.stringMatching(/^0:\d+:blocka3traders$/), expect.stringMatching(/^1:\d+:customer3$/), expect.stringMatching(/^2:\d+:hausler24$/)]));
    expect(fast.filter((x) => x.startsWith('3:'))).toEqual([]);
  });
});
