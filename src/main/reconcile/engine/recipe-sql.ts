/**
 * Translates recipe parts (filters, key normalisers, amount/date columns)
 * into SQL expressions over a typed source view aliased `s`.
 */
import type { KeyNormaliser, MatchRule, Recipe, SourceFilter } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, Side } from '../../../shared/reconcile/sources-and-runs';
import { ReconError } from '../../errors';
import { ident, lit, scalar } from './sql';

export type SideColumns = Record<Side, ColumnTyping[]>;

export function column(columns: ColumnTyping[], side: Side, name: string, purpose: string): ColumnTyping {
  const found = columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) {
    throw new ReconError('unknown_column', `${purpose}: the ${side} source has no column "${name}" (columns: ${columns.map((c) => c.name).join(', ')})`, { side, column: name });
  }
  return found;
}

/**
 * A rule's amount and date columns must be read as numbers and dates. A text column there would
 * parse to NULL or the wrong locale and the check would silently drop out (issue 13, item 5:
 * one "N/A" once reported 20 of 20 matched with 10 amounts off by 100), so the run is refused.
 */
export function requireTypedRuleColumns(recipe: Recipe, columns: SideColumns): void {
  for (const rule of recipe.rules) {
    for (const side of ['left', 'right'] as const) {
      const checks = [
        rule.amount && { what: 'amount', name: rule.amount[side], ok: ['number'], as: 'a number' },
        rule.date && { what: 'date', name: rule.date[side], ok: ['date', 'timestamp'], as: 'a date' },
      ];
      for (const check of checks) {
        if (!check) continue;
        const c = column(columns[side], side, check.name, `rule ${rule.id} ${check.what}`);
        if (check.ok.includes(c.type)) continue;
        throw new ReconError(
          'column_not_typed',
          `rule "${rule.id}" compares the ${check.what} in the ${side} column "${c.name}", but that column is read as ${c.type}, so the ${check.what} check would be skipped. ` +
            `Set the column's type to ${check.as} in the ${side} source's column types (values that do not read are listed as exceptions), or map another column.`,
          { side, column: c.name, rule: rule.id, expected: check.ok[0], actual: c.type },
        );
      }
    }
  }
}

const col = (c: ColumnTyping) => `s.${ident(c.name)}`;

/** Which side a filter's `source` names: the recipe alias, or literally left/right. */
export function filterSide(recipe: Recipe, filter: SourceFilter): Side {
  if (filter.source === recipe.left.alias || filter.source === 'left') return 'left';
  if (filter.source === recipe.right.alias || filter.source === 'right') return 'right';
  throw new ReconError('invalid_recipe', `filter source "${filter.source}" is neither "${recipe.left.alias}" nor "${recipe.right.alias}"`, { source: filter.source });
}

function typedLiteral(c: ColumnTyping, value: string | number): string {
  if (c.type === 'date') return `CAST(${lit(String(value))} AS DATE)`;
  if (c.type === 'timestamp') return `CAST(${lit(String(value))} AS TIMESTAMP)`;
  if (c.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) throw new ReconError('invalid_recipe', `filter on "${c.name}" needs a number, got ${JSON.stringify(value)}`);
    return scalar(n);
  }
  return lit(String(value));
}

export function filterCondition(columns: ColumnTyping[], side: Side, f: SourceFilter): string {
  const c = column(columns, side, f.column, 'filter');
  const x = col(c);
  const list = (v: unknown) => {
    const values = Array.isArray(v) ? v : [v];
    if (values.length === 0) throw new ReconError('invalid_recipe', `filter ${f.op} on "${f.column}" needs at least one value`);
    return values.map((one) => typedLiteral(c, one as string | number)).join(', ');
  };
  const pair = (v: unknown): [string, string] => {
    if (!Array.isArray(v) || v.length !== 2) throw new ReconError('invalid_recipe', `filter ${f.op} on "${f.column}" needs [low, high]`);
    return [typedLiteral(c, v[0]), typedLiteral(c, v[1])];
  };
  const single = (v: unknown) => {
    if (v === null || Array.isArray(v)) throw new ReconError('invalid_recipe', `filter ${f.op} on "${f.column}" needs a single value`);
    return typedLiteral(c, v as string | number);
  };
  switch (f.op) {
    case 'eq': return `${x} = ${single(f.value)}`;
    case 'neq': return `${x} IS DISTINCT FROM ${single(f.value)}`;
    case 'gt': return `${x} > ${single(f.value)}`;
    case 'gte': return `${x} >= ${single(f.value)}`;
    case 'lt': return `${x} < ${single(f.value)}`;
    case 'lte': return `${x} <= ${single(f.value)}`;
    case 'between': { const [a, b] = pair(f.value); return `${x} BETWEEN ${a} AND ${b}`; }
    case 'not_between': { const [a, b] = pair(f.value); return `NOT (${x} BETWEEN ${a} AND ${b})`; }
    case 'in': return `${x} IN (${list(f.value)})`;
    case 'not_in': return `${x} NOT IN (${list(f.value)})`;
    case 'like': return `CAST(${x} AS VARCHAR) ILIKE ${lit(String(f.value ?? ''))}`;
    case 'not_like': return `NOT (CAST(${x} AS VARCHAR) ILIKE ${lit(String(f.value ?? ''))})`;
    case 'is_null': return `${x} IS NULL`;
    case 'is_not_null': return `${x} IS NOT NULL`;
  }
}

/** AND of every filter for this side; TRUE when there are none. */
export function filtersWhere(recipe: Recipe, columns: ColumnTyping[], side: Side): string {
  const conditions = recipe.filters.filter((f) => filterSide(recipe, f) === side).map((f) => `(${filterCondition(columns, side, f)})`);
  return conditions.length > 0 ? conditions.join(' AND ') : 'TRUE';
}

function hasCaptureGroup(pattern: string): boolean {
  return /\((?!\?)/.test(pattern.replace(/\\\\|\\\(/g, ''));
}

type ReferenceShape = Extract<KeyNormaliser, { kind: 'reference' }>['groups'];

/** The key's `reference` normaliser, when it has one: its key is read as references found in text. */
export function referenceShape(normalisers: KeyNormaliser[]): ReferenceShape | null {
  const ref = normalisers.find((n) => n.kind === 'reference');
  return ref && ref.kind === 'reference' ? ref.groups : null;
}

/** Whether the key's `reference` normaliser reads only values of exactly its shape (see the schema). */
function referenceStrict(normalisers: KeyNormaliser[]): boolean {
  return normalisers.some((n) => n.kind === 'reference' && n.strict === true);
}

/** Runs of digits joined by single separators ("2026-000123", "26 0001234", "2026000123"). */
const DIGIT_RUN = String.raw`[0-9]+(?:[ ./-][0-9]+)*`;

/**
 * Every reference of this shape in a VARCHAR expression, as canonical "2026|123" strings (digit
 * groups without leading zeros, joined by "|"): a run of exactly as many groups, each window of
 * that many groups in a longer run ("2026 000123 2026 000124"), and a run whose digits are the
 * issued width, split at the issued group widths whatever its separators ("INV2026000123"). Candidates whose groups are
 * longer or shorter than the left key's ever are dropped (a phone number "0176 5551234" is not
 * "26|1234"). Only tokens that equal a left key ever match: the join decides, not this list.
 */
export function referenceTokens(x: string, shape: ReferenceShape, minWritten = MIN_WRITTEN_DIGITS): string {
  const k = shape.length;
  const width = shape.every((g) => g.width > 0) ? shape.reduce((sum, g) => sum + g.width, 0) : 0;
  // Each run's digit groups (rp['g']) and its digits without separators (rp['d']), computed once per run.
  // Fields by subscript, not `rp.g`: a column named like the lambda's parameter (a counterparty
  // table's `p`, a user's column) would bind `rp.g` as column.field first.
  // A run joined by spaces is also read piece by piece: "termijn 2 2026-0490" is the run
  // "2 2026-0490", whose piece "2026-0490" is the reference, while blocks ("12345 67890 3") are
  // read whole.
  const runs = `regexp_extract_all(coalesce(${x}, ''), '${DIGIT_RUN}')`;
  // A run mixing separators is also read between its slashes, dots and dashes: "24517/342 877 027"
  // is a Multibanco entity and, after the slash, a reference in blocks.
  const pieces = `list_concat(${runs}, flatten(list_transform(list_filter(${runs}, r -> contains(r, ' ')), r -> list_concat(string_split(r, ' '), CASE WHEN regexp_matches(r, '[./-]') THEN regexp_split_to_array(r, '[./-]') ELSE [] END))))`;
  // 'b': the run is written in blocks, digits and spaces only ("12345 67890 3"); "29/06" and
  // "***.071.603-**" (a date, a masked tax id) are not blocks of one number.
  const parts = `list_transform(${pieces}, run -> {'g': regexp_extract_all(run, '[0-9]+'), 'd': regexp_replace(run, '[^0-9]', '', 'g'), 'b': NOT regexp_matches(run, '[./-]')})`;
  const windows = `list_transform(${writtenWindows("rp['g']", k, minWritten)}, gs -> ${shapeCanonical(shape, `rp['g'][gs + 1 : gs + ${k}]`)})`;
  // The run's digits without its separators, when they are exactly the issued width ("INV2026000123",
  // "so26-0000123" for SO260000123): separators may be put anywhere, or nowhere.
  // When only the last group's width varies (IV6908-00161 beside CN6907-0006), the run is cut at the
  // fixed widths and the rest is the number: "IV690800161", as a Thai bill payment's Ref2 writes it.
  const head = shape.slice(0, -1);
  const headWidth = k > 1 && width === 0 && head.every((g) => g.width > 0) ? head.reduce((sum, g) => sum + g.width, 0) : 0;
  const gluedCandidate =
    width > 0 && k > 1
      ? `CASE WHEN length(rp['d']) = ${width} THEN [${shapeCanonical(shape, splitAtWidths("rp['d']", shape))}] ELSE [] END`
      : headWidth > 0
        ? `CASE WHEN len(rp['g']) = 1 AND length(rp['d']) > ${headWidth} THEN [${shapeCanonical(shape, `list_concat(${splitAtWidths("rp['d']", head)}, [substr(rp['d'], ${headWidth + 1})])`)}] ELSE [] END`
        : '[]';
  // One group of varying length (national creditor references, 4–20 digits): a run written in
  // blocks ("12345 67890 3") is also read glued, when that length was ever issued.
  const single = shape[0];
  const gluedSingle = width > 0 ? `CASE WHEN length(rp['d']) = ${width} THEN [ltrim(rp['d'], '0')] ELSE [] END` : `CASE WHEN rp['b'] AND len(rp['g']) > 1 AND length(ltrim(rp['d'], '0')) BETWEEN ${single.min} AND ${single.max} THEN [ltrim(rp['d'], '0')] ELSE [] END`;
  let candidates = k === 1 ? `list_concat(${windows}, ${gluedSingle})` : `list_concat(${windows}, ${gluedCandidate})`;
  let valid = shape.map((g) => `[0-9]{${g.min},${g.max}}`).join(String.raw`\|`);
  const series = shape.filter((g) => g.fixed !== undefined).length;
  if (series > 0) {
    // The number without its series ("INV 1983" for GST/25-26/01983), read from runs too short to
    // hold a whole reference: in "GST/25-26/02056" the 25 and 26 are the series, and in
    // "GST/24-25/01991" another series' number, not 1991 of this one.
    const kv = k - series;
    const full = `len(rp['g']) >= ${k}`;
    let short = `list_transform(${writtenWindows("rp['g']", kv, minWritten)}, gs -> ${canonicalReference(`rp['g'][gs + 1 : gs + ${kv}]`)})`;
    // The number without its series, its own groups glued ("012082216" for 109/01208221-6: a
    // boleto's nosso número without the bank's carteira), when that is exactly their issued width.
    const rest = shape.slice(series);
    const restWidth = rest.every((g) => g.width > 0) ? rest.reduce((sum, g) => sum + g.width, 0) : 0;
    if (kv > 1 && restWidth > 0) {
      short = `list_concat(${short}, CASE WHEN len(rp['g']) = 1 AND length(rp['d']) = ${restWidth} THEN [${canonicalReference(splitAtWidths("rp['d']", rest))}] ELSE [] END)`;
    }
    candidates = `CASE WHEN ${full} THEN ${candidates} ELSE list_concat(${candidates}, ${short}) END`;
    valid = `(?:${valid})|(?:${shape
      .slice(series)
      .map((g) => `[0-9]{${g.min},${g.max}}`)
      .join(String.raw`\|`)})`;
  }
  const found = `flatten(list_transform(${parts}, rp -> ${candidates}))`;
  // An ISO 11649 creditor reference (RFkk + the creditor's own reference): its digits after the
  // two check digits are the reference as issued ("RF18 5390 0754 7034" for 539007547034).
  const creditor = k === 1 ? `list_transform(regexp_extract_all(upper(coalesce(${x}, '')), 'RF[0-9]{2} ?([0-9]+(?:[ ./-][0-9]+)*)', 1), r -> ltrim(regexp_replace(r, '[^0-9]', '', 'g'), '0'))` : '[]';
  return `list_distinct(list_filter(list_concat(${found}, ${creditor}), t -> regexp_full_match(t, '${valid}')))`;
}

/** SQL list of `digits` cut at the groups' issued widths, in order (every width > 0). */
function splitAtWidths(digits: string, groups: ReferenceShape): string {
  let at = 1;
  const parts = groups.map((g) => {
    const part = `substr(${digits}, ${at}, ${g.width})`;
    at += g.width;
    return part;
  });
  return `[${parts.join(', ')}]`;
}

/** A number written with fewer digits than this is not read as a reference ("NB 3", "TDS 2%"). */
const MIN_WRITTEN_DIGITS = 2;

/** Start offsets of the windows of `k` groups in a run's groups, those written with at least `minWritten` digits. */
function writtenWindows(groups: string, k: number, minWritten: number): string {
  return `list_filter(range(0, greatest(0, len(${groups}) - ${k - 1})), gs -> length(array_to_string(${groups}[gs + 1 : gs + ${k}], '')) >= ${minWritten})`;
}

/**
 * The digits of a reference written as issued (zero padding kept; the series left out): "00042"
 * for item 42 of `INV-AU-00042`. A text number that short by chance equals some key ("CN 42").
 */
export function issuedDigits(shape: ReferenceShape): number {
  return shape.filter((g) => g.fixed === undefined).reduce((sum, g) => sum + (g.width > 0 ? g.width : g.min), 0);
}

/**
 * Digit groups without leading zeros, joined by "|". A group of zeros only is "0", not empty: a
 * Swiss QR reference is written in zero-padded blocks (`00 00010 00100 00000 00011 73605`), and an
 * empty group failed the shape's check on both sides, so no such reference was ever read.
 */
function canonicalReference(groups: string): string {
  return `array_to_string(list_transform(${groups}, d -> coalesce(nullif(ltrim(d, '0'), ''), '0')), '|')`;
}

/** Whether a list of the shape's groups starts with its series (`fixed` groups). */
function seriesMatch(shape: ReferenceShape, groups: string): string {
  return shape.flatMap((g, j) => (g.fixed === undefined ? [] : [`ltrim(${groups}[${j + 1}], '0') = ${lit(g.fixed)}`])).join(' AND ') || 'FALSE';
}

/** A reference of the shape's groups as canonical text: without its series when it has the shape's (see ReferenceGroupsSchema). */
function shapeCanonical(shape: ReferenceShape, groups: string): string {
  const series = shape.filter((g) => g.fixed !== undefined).length;
  if (series === 0) return canonicalReference(groups);
  return `CASE WHEN ${seriesMatch(shape, groups)} THEN ${canonicalReference(`${groups}[${series + 1}:]`)} ELSE ${canonicalReference(groups)} END`;
}

/**
 * A left key as one reference. Keys are written as issued, so when a key has the shape's number of
 * digit groups they are the reference (the cheap, common case); otherwise its first token, or none
 * when `strict` (the column holds references of several shapes: a value of another is not this one).
 */
export function leftReference(x: string, shape: ReferenceShape, strict = false): string {
  const groups = `regexp_extract_all(coalesce(${x}, ''), '[0-9]+')`;
  const other = strict ? 'NULL' : `${referenceTokens(x, shape)}[1]`;
  const plain = `CASE WHEN len(${groups}) = ${shape.length} THEN nullif(${shapeCanonical(shape, groups)}, '') ELSE ${other} END`;
  if (shape.length !== 1) return plain;
  const creditor = creditorReference(x);
  return `CASE WHEN ${creditor} <> '' THEN nullif(ltrim(replace(${creditor}, ' ', ''), '0'), '') ELSE ${plain} END`;
}

/**
 * An item's ISO 11649 reference (RF24 2048 0106 2742) is its creditor reference behind the check
 * digits, as the statement side reads it too: payers quote the whole RF or only that part. '' when
 * the value is not an RF reference. The shape of a reference column is learned from this part too.
 */
export function creditorReference(x: string): string {
  return `regexp_extract(upper(coalesce(${x}, '')), '^\\s*RF[0-9]{2}\\s*([0-9][0-9 ]*)$', 1)`;
}

/** A left reference value as its shape is read: the creditor reference of an RF value, else the value. */
export function referenceBody(x: string): string {
  return `CASE WHEN ${creditorReference(x)} <> '' THEN ${creditorReference(x)} ELSE ${x} END`;
}

/** Legal forms and filler words that are not part of a counterparty's name. */
export const LEGAL_WORDS = ['gmbh', 'mbh', 'ag', 'kg', 'ohg', 'gbr', 'ug', 'ev', 'ltd', 'limited', 'pvt', 'private', 'pty', 'llc', 'llp', 'inc', 'sp', 'z', 'oo', 'spk', 'sl', 'slu', 'sau', 'sc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc', 'bv', 'nv', 'vof', 'sa', 'sas', 'sarl', 'srl', 'spa', 'ab', 'as', 'oy', 'gesellschaft', 'mit', 'beschrankter', 'haftung', 'haftungsbeschrankt', 'und', 'and', 'the', 'cty', 'ctcp', 'tnhh', 'cp', 'mtv', 'dntn', 'htx'];
/**
 * Legal forms of several words, folded (Vietnamese: "Công ty TNHH", "Công ty Cổ phần", "Doanh
 * nghiệp tư nhân", "Một thành viên", as a bank writes them CTY, CP, DNTN, MTV above). Removed before
 * LEGAL_WORDS, whose "co" would leave "phan" of "co phan".
 */
const LEGAL_PHRASES = ['cong ty', 'co phan', 'trach nhiem huu han', 'mot thanh vien', 'doanh nghiep tu nhan', 'hop tac xa'];

/** `x` (folded, words between single spaces) without LEGAL_PHRASES. */
export function withoutLegalPhrases(x: string): string {
  return `regexp_replace(${x}, '\\b(${LEGAL_PHRASES.join('|')})\\b', ' ', 'g')`;
}
/** Words a bank cuts off at its field length: any start (≥ 4 letters) of one of these, last in the name, is dropped. */
const CUT_WORDS = ['gesellschaft', 'beschrankter', 'haftung', 'haftungsbeschrankt', 'limited', 'incorporated', 'corporation', 'company'];
const CUT_PREFIXES = [...new Set(CUT_WORDS.flatMap((w) => Array.from({ length: w.length - 3 }, (_, i) => w.slice(0, i + 4))))].sort((a, b) => b.length - a.length);

/**
 * Japanese banks write payer names in half-width katakana (Zengin: `ｶ)ｽﾙｶﾞﾃﾞﾝｷ`), ledgers in
 * full-width (`スルガデンキ`): half-width letters become full-width, small kana large (Zengin has
 * none), and voicing marks go (here the half-width ﾞ ﾟ; full-width ガ loses its mark in
 * strip_accents), so both spellings fold to one name.
 */
const HALF_KANA = 'ｦｧｨｩｪｫｬｭｮｯｰｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝ';
const FULL_KANA = 'ヲアイウエオヤユヨツーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン';
const SMALL_KANA = 'ァィゥェォャュョッヮヵヶ';
const LARGE_KANA = 'アイウエオヤユヨツワカケ';
/** Legal forms in Japanese, written without spaces (`株式会社新光金属`): removed wherever they stand. */
const LEGAL_FORMS_JA = ['株式会社', '有限会社', '合同会社', '合資会社', '合名会社', 'カフシキカイシヤ', 'ユウケンカイシヤ', 'コウトウカイシヤ'];
/** The bank's one-letter abbreviations of them (`ｶ)`, `(ｶ`, `ﾕ)`, `ﾄﾞ)`): only as words of their own. */
const LEGAL_LETTERS_JA = ['カ', 'ユ', 'ト'];

/**
 * Chinese legal forms, glued to the end of the name (`源興鋼鐵股份有限公司`, simplified
 * `有限责任公司`), and what a bank's field length leaves of them (`股份有限公`, `股份有`): removed
 * at the end only, at least two characters of them (so `公` of a name survives).
 */
const LEGAL_FORMS_ZH = ['股份有限公司', '有限責任公司', '有限责任公司', '有限公司', '企業社', '企业社', '公司'];
const LEGAL_ENDINGS_ZH = [...new Set(LEGAL_FORMS_ZH.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2))))].sort((a, b) => b.length - a.length);

/**
 * Thai legal forms, written as words of their own ("บริษัท สยามรุ่งเรือง ฟู้ด จำกัด" in the ledger,
 * "บจก. สยามรุ่งเรือง ฟู้ด" in a K BIZ statement), and the titles a person's name starts with
 * ("คุณมาลี ใจดี", "นาย วิชัย"), read before the marks go (strip_accents drops Thai vowel signs).
 */
const LEGAL_WORDS_TH = ['ห้างหุ้นส่วนจำกัด', 'ห้างหุ้นส่วนสามัญ', 'บริษัท', 'จำกัด', 'มหาชน', 'บจก', 'บมจ', 'หจก', 'หสน'];
const TITLES_TH = ['นางสาว', 'นาย', 'นาง', 'คุณ', 'น\\.ส\\.'];

/** A counterparty name folded for comparison (see the `name` key normaliser). Letters of every script are kept. */
export function nameExpression(x: string): string {
  // Dots go first: "B.V.", "N.V.", "S.A." are the legal forms bv, nv, sa.
  // Letters NFD does not decompose (ł, ø, đ, Turkish dotless ı): as banks write them in ASCII.
  let e = `regexp_replace(regexp_replace(${x}, '^\\s*(${TITLES_TH.join('|')})\\s*', ''), '(^|[\\s(])(${LEGAL_WORDS_TH.join('|')})\\.?\\)?(\\s|$)', ' ', 'g')`;
  e = `translate(replace(replace(lower(${e}), 'ﾞ', ''), 'ﾟ', ''), '${HALF_KANA}${SMALL_KANA}łøđı', '${FULL_KANA}${LARGE_KANA}lodi')`;
  e = `lower(strip_accents(replace(replace(replace(${e}, 'ß', 'ss'), '&', ' '), '.', '')))`;
  e = `regexp_replace(regexp_replace(${e}, 'ae', 'a', 'g'), 'oe', 'o', 'g')`;
  e = `regexp_replace(${e}, 'ue', 'u', 'g')`;
  // The long-vowel mark ー is a letter to Unicode; banks write it as "-" or leave it out.
  e = `regexp_replace(${e}, '[^\\p{L}\\p{N}]+|ー', ' ', 'g')`;
  e = `regexp_replace(${e}, '\\s(${CUT_PREFIXES.join('|')})\\s*$', '')`;
  e = `regexp_replace(${withoutLegalPhrases(e)}, '\\b(${LEGAL_WORDS.join('|')})\\b', ' ', 'g')`;
  // \b knows only ASCII word characters: the one-letter forms are words between spaces.
  e = `regexp_replace(${e}, '${LEGAL_FORMS_JA.join('|')}', ' ', 'g')`;
  e = `regexp_replace(${e}, '(^|\\s)(${LEGAL_LETTERS_JA.join('|')})(\\s|$)', ' ', 'g')`;
  e = `regexp_replace(${e}, '(${LEGAL_ENDINGS_ZH.join('|')})\\s*$', '')`;
  return `regexp_replace(${e}, '[^\\p{L}\\p{N}]', '', 'g')`;
}

/**
 * The payer's name written in a statement text: at its start ("CLYDE TRADING & CO inv2120 …") or
 * at the start of a field the bank joined with dashes, slashes or colons ("NEFT-BARBN5202…-PATIL IRRIGATION
 * SYSTEMS PVT LTD-2352"), after the field's tag or not: the word-prefixes of each, the whole text's
 * first, as written (fold each with nameExpression). Folding is most of the cost and prefixes repeat
 * across lines (a label, a payer's name), so callers fold each distinct prefix once (foldedPrefixesSql).
 */
export function rawNamePrefixes(x: string, words = 6): string {
  // Words split at any space, the ideographic one included. Each list of words is made once and
  // bound to a lambda's parameter (`list_transform([list], w -> …)`): written into each prefix's
  // expression it would be split again for every prefix.
  const wordsOf = (text: string) => `string_split(trim(regexp_replace(${text}, '[\\s\\x{3000}]+', ' ', 'g')), ' ')`;
  const prefixes = (w: string) => `list_transform(range(1, least(len(${w}), ${words}) + 1), k -> array_to_string(${w}[1:k], ' '))`;
  // After a transaction label of up to four words ("TRF SEPA DE", "TRF MB WAY DE", "FAST GELEN"):
  // the name read from each of the text's words 2–5 as well. The longest left name found wins.
  const afterLabel = (w: string) =>
    `flatten(list_transform(range(2, least(len(${w}), 5) + 1), ws0 -> list_transform(range(ws0, least(len(${w}), ws0 + ${words} - 1) + 1), k -> array_to_string(${w}[ws0:k], ' '))))`;
  // A field may open with its tag ("/DE SA DECORATION ROUSSEAU /MOTIF …"): read from its second word too.
  // Banks that pack several fields into one text separate them with `;` or `|` (Banca Transilvania:
  // "Incasare OP - canal electronic;PAYER SRL;RO46…;c/v fact 2515").
  const fields = `string_split_regex(coalesce(${x}, ''), '\\s*[-/:;|]\\s*')[2:]`;
  const untagged = `regexp_replace(f, '^\\s*\\S+\\s+', '')`;
  // Chinese writes a name without spaces and a bank glues the legal form to it ("源興鋼鐵企業社" for
  // the ledger's short name "源興鋼鐵"): a word opening with a Han character is also read by its
  // first 2–16 characters.
  const han = (w: string) =>
    `flatten(list_transform(list_filter(${w}, hw -> regexp_matches(hw, '^\\p{Han}')), hw -> list_transform(range(2, least(length(hw) - 1, ${HAN_PREFIX_MAX}) + 1), n -> left(hw, n))))`;
  const whole = `list_transform([${wordsOf(`coalesce(${x}, '')`)}], w -> list_concat(${prefixes('w')}, ${afterLabel('w')}, ${han('w')}))[1]`;
  const ofFields = `flatten(list_transform(${fields}, f -> flatten(list_transform([${wordsOf('f')}, ${wordsOf(untagged)}], fw -> ${prefixes('fw')}))))`;
  return `list_concat(${whole}, ${ofFields})`;
}

/** The longest start of a Han word read as a name (rawNamePrefixes); longer words are read whole as well. */
const HAN_PREFIX_MAX = 16;

/** nameExpression of a run of lower-case ASCII letters and digits holding a digit (see foldedPrefixesSql). */
const ASCII_RUN_FOLD = (a: string) => `replace(replace(replace(${a}, 'ae', 'a'), 'oe', 'o'), 'ue', 'u')`;

/**
 * (id, k, p) for the rows of `from`: each name prefix of the text `x` (rawNamePrefixes, k its place
 * in that list) folded by nameExpression, only those that are one of `names` (SQL giving folded
 * names as `p`) when `keep` is 'names'. Each distinct prefix is folded once, and none is folded that
 * cannot fold to a name: a run of ASCII letters and digits with a digit in it ("INV-2026-0042"'s
 * "2026", "P08767273") passes through nameExpression as a word of its own, unchanged but for case
 * and ae/oe/ue (no legal form, title or cut word holds a digit, and no \b falls inside it), so a
 * prefix holding one folds to a name only if that name holds the run's fold. `names` must hold every
 * name with a digit that is to be found (a superset is fine when `keep` is 'all').
 */
export function foldedPrefixesSql(x: string, id: string, from: string, names: string, keep: 'names' | 'all'): string {
  const raw = rawNamePrefixes(x);
  // nameExpression's steps before it splits at other characters: what joins or splits runs there.
  const early = `lower(strip_accents(replace(replace(replace(lower(r), 'ß', 'ss'), '&', ' '), '.', '')))`;
  const anchors = `list_filter(regexp_extract_all(${early}, '[\\p{L}\\p{N}]+'), a -> regexp_full_match(a, '[a-z0-9]*[0-9][a-z0-9]*'))`;
  return `WITH kalla_pre AS (SELECT id, unnest(l) AS r, generate_subscripts(l, 1) AS k FROM (SELECT ${id} AS id, ${raw} AS l FROM ${from})),
      kalla_names AS (${names}),
      kalla_digits AS (SELECT '|' || coalesce(string_agg(p, '|'), '') || '|' AS j FROM kalla_names WHERE regexp_matches(p, '[0-9]')),
      kalla_fold AS (SELECT r, ${nameExpression('r')} AS p FROM (SELECT DISTINCT r FROM kalla_pre), kalla_digits
        WHERE NOT coalesce(list_bool_or(list_transform(${anchors}, a -> NOT contains(kalla_digits.j, ${ASCII_RUN_FOLD('a')}))), false))${keep === 'names' ? `,
      kalla_kept AS (SELECT r, p FROM kalla_fold WHERE p IN (SELECT p FROM kalla_names))` : ''}
    SELECT kalla_pre.id, kalla_pre.k, kept.p FROM kalla_pre JOIN ${keep === 'names' ? 'kalla_kept' : 'kalla_fold'} kept ON kept.r = kalla_pre.r`;
}

/**
 * An identifier as letters and digits only, lower case, without leading zeros: a Chilean RUT
 * "76.383.341-0" and "0763833410", a customer code "AR-0116" and "AR0116" are one value each.
 */
export function compactId(x: string): string {
  return `ltrim(regexp_replace(lower(${x}), '[^0-9a-z]', '', 'g'), '0')`;
}

/** Whether a compact identifier is specific enough to name a payer: five characters or more, four of them digits. */
export function specificId(c: string): string {
  return `(length(${c}) >= 5 AND length(regexp_replace(${c}, '[^0-9]', '', 'g')) >= 4)`;
}

/** The identifiers a text writes (words of letters and digits, joined by dots, dashes or slashes), each compact. */
export function idTokens(x: string): string {
  return `list_filter(list_transform(regexp_extract_all(lower(coalesce(${x}, '')), '[0-9a-z]+(?:[./-][0-9a-z]+)*'), t -> ${compactId('t')}), t -> ${specificId('t')})`;
}

/**
 * The VARCHAR of a column a key is read from. A document number read as a number (1800012345) is
 * written without the decimals its DECIMAL type adds ("1800012345.000000" would read as two groups).
 */
export function keySourceText(c: ColumnTyping): string {
  return c.type === 'number' ? `regexp_replace(CAST(${col(c)} AS VARCHAR), '\\.0*$', '')` : `CAST(${col(c)} AS VARCHAR)`;
}

/** Normalised key text; empty keys become NULL so they never match each other. */
export function keyExpression(c: ColumnTyping, normalisers: KeyNormaliser[]): string {
  const shape = referenceShape(normalisers);
  // A left key is one reference: the first one its text holds.
  if (shape) return leftReference(keySourceText(c), shape, referenceStrict(normalisers));
  const trunc = normalisers.find((n) => n.kind === 'date_trunc');
  let x: string;
  if (trunc && trunc.kind === 'date_trunc') {
    const asDate = c.type === 'date' || c.type === 'timestamp' ? col(c) : `try_cast(${col(c)} AS DATE)`;
    x = `CAST(CAST(date_trunc(${lit(trunc.unit)}, ${asDate}) AS DATE) AS VARCHAR)`;
  } else if (c.type === 'date' || c.type === 'timestamp') {
    x = `CAST(CAST(${col(c)} AS DATE) AS VARCHAR)`;
  } else {
    x = `CAST(${col(c)} AS VARCHAR)`;
  }
  for (const n of normalisers) {
    switch (n.kind) {
      case 'trim': x = `trim(${x})`; break;
      case 'casefold': x = `lower(${x})`; break;
      case 'alnum': x = `regexp_replace(${x}, '[^A-Za-z0-9]', '', 'g')`; break;
      case 'digits': x = `ltrim(regexp_replace(${x}, '[^0-9]', '', 'g'), '0')`; break;
      case 'regex': x = `regexp_extract(${x}, ${lit(n.pattern)}, ${hasCaptureGroup(n.pattern) ? 1 : 0})`; break;
      case 'date_trunc': break;
      case 'reference': break;
      case 'name': x = nameExpression(x); break;
    }
  }
  return `nullif(${x}, '')`;
}

export function amountExpression(c: ColumnTyping, negate: boolean): string {
  const base = c.type === 'number' ? col(c) : `kalla_parse_us(CAST(${col(c)} AS VARCHAR))`;
  return `CAST(${negate ? `-(${base})` : base} AS DECIMAL(18, 6))`;
}

export function dateExpression(c: ColumnTyping): string {
  return c.type === 'date' || c.type === 'timestamp' ? `CAST(${col(c)} AS DATE)` : `try_cast(${col(c)} AS DATE)`;
}

export function textExpression(c: ColumnTyping): string {
  return `CAST(${col(c)} AS VARCHAR)`;
}

/** A content hash of the source row: the tie-breaker that does not depend on row order. */
export function rowHashExpression(columns: ColumnTyping[]): string {
  const raw = columns.filter((c) => !c.derived);
  return raw.length > 0 ? `hash(${raw.map((c) => ident(c.name)).join(', ')})` : 'hash(0)';
}

/**
 * |a − b| within the rule's tolerance (abs + pct of the larger magnitude; a tiny epsilon absorbs
 * DOUBLE rounding of the pct part), or a − b equal to one of the rule's named differences (a fixed
 * fee, or a percentage of a rounded to the cent).
 */
export function amountWithin(rule: MatchRule, a: string, b: string, base?: string): string {
  const t = rule.amount;
  if (!t) return 'TRUE';
  const within = `abs(${a} - ${b}) <= ${tolerance(rule, a, b)}`;
  const named = namedDifference(rule, a, b, base);
  return named ? `(${within} OR ${named})` : within;
}

/**
 * a − b is one of the rule's named differences (NULL-safe: NULL when it cannot tell). `base` is the
 * left rows' withholding base (the `withheld` column, summed like `a`); a caller without it does
 * not accept a withholding.
 */
export function namedDifference(rule: MatchRule, a: string, b: string, base?: string): string | null {
  const d = rule.amount?.differences;
  if (!d) return null;
  const diff = `(${a} - ${b})`;
  const parts = [feeSql(d, a, diff), percentSql(d, a, diff), base ? withheldSql(d, base, diff) : null].filter((p): p is string => p !== null);
  return parts.length > 0 ? `(${parts.join(' OR ')})` : null;
}

type Differences = NonNullable<NonNullable<MatchRule['amount']>['differences']>;

/** `diff` is one of the learned fixed fees (with `a`'s sign). NULL-safe; null when there are none. */
export function feeSql(d: Differences, a: string, diff: string): string | null {
  return d.fixed.length > 0 ? `(${d.fixed.map((f) => `abs(${diff} - sign(${a}) * ${f}) < 0.005`).join(' OR ')})` : null;
}

/**
 * `diff` is `p` % of `x` rounded to the cent (or, `whole`, to a whole unit): the one reading of a
 * percentage for the run and the learning alike. In DOUBLE: a rate to 6 decimals (a tax's
 * 13.043478 %) times a DECIMAL(18, 6) amount overflows DECIMAL's 38 digits.
 */
export function percentOfSql(x: string, p: number, diff: string, whole = false): string {
  return `abs(${diff} - round(CAST(${x} AS DOUBLE) * ${p / 100}${whole ? '' : ', 2'})) < 0.015`;
}

/** `diff` is one of the learned percentages of `a`: rounded to the cent, or (`whole_percent`) to a whole unit. NULL-safe; null when there are none. */
export function percentSql(d: Differences, a: string, diff: string): string | null {
  const parts = [...d.percent.map((p) => percentOfSql(a, p, diff)), ...(d.whole_percent ?? []).map((p) => percentOfSql(a, p, diff, true))];
  return parts.length > 0 ? `(${parts.join(' OR ')})` : null;
}

/** `diff` is a tax withheld at one of the rule's rates of `base` (the withheld column's amount), to the cent. NULL-safe; null when the rule withholds nothing. */
export function withheldSql(d: Differences, base: string, diff: string): string | null {
  const w = d.withheld;
  return w ? `(${w.percent.map((p) => percentOfSql(base, p, diff)).join(' OR ')})` : null;
}

/**
 * `diff` is a tax withheld on some of a group's items at one of the rule's rates each, and none on
 * the others (a billing note of printing, at 3 %, delivery, at 1 %, and goods, at none): some
 * assignment of 0 or a rate to each of the `bases` (a list, the items' withholding bases) sums to
 * it to the cent. Up to MAX_MIXED members; null when the rule withholds nothing.
 */
export function withheldMixSql(d: Differences, bases: string, diff: string): string | null {
  const w = d.withheld;
  if (!w) return null;
  const options = [0, ...w.percent];
  const n = options.length;
  const rate = `[${options.join(', ')}][(j // CAST(pow(${n}, i) AS BIGINT)) % ${n} + 1]`;
  return `(len(${bases}) <= ${MAX_MIXED} AND len(list_filter(range(CAST(pow(${n}, len(${bases})) AS BIGINT)),
    j -> abs(${diff} - list_sum(list_transform(range(len(${bases})), i -> round(coalesce(CAST(${bases}[i + 1] AS DOUBLE), 0) * ${rate} / 100, 2)))) < 0.015)) > 0)`;
}

/** Items of a group whose rates withheld are searched one by one (3^6 = 729 assignments with two rates). */
export const MAX_MIXED = 6;

/** Whole days between two DATE expressions. */
export function daysBetween(a: string, b: string): string {
  return `abs(date_diff('day', ${a}, ${b}))`;
}

/**
 * The rule's date window — the one place it is written: a distance in days (`daysBetween`) is
 * inside when it is at most `window_days`, both ends inclusive. `TRUE` when the rule has no window.
 */
export function withinDateWindow(rule: MatchRule, days: string): string {
  return rule.date ? `${days} <= ${rule.date.window_days}` : 'TRUE';
}

/**
 * The same window as a range on `b` around `a` (a ± window_days, inclusive): equal to
 * `withinDateWindow(rule, daysBetween(a, b))` for DATEs, in the form DuckDB turns into a range join.
 */
export function dateWindowRange(rule: MatchRule, a: string, b: string): string {
  return rule.date ? `${b} BETWEEN ${a} - ${rule.date.window_days} AND ${a} + ${rule.date.window_days}` : 'TRUE';
}

export function tolerance(rule: MatchRule, a: string, b: string): string {
  const t = rule.amount!;
  const pct = t.tolerance_pct ?? 0;
  const abs = t.tolerance_abs ?? 0;
  return pct > 0 ? `(${abs} + ${pct / 100} * greatest(abs(${a}), abs(${b})) + 1e-9)` : `${abs}`;
}

/** The first word of a text (a payment term's method code: "RB" of "RB RIBA 30/60 GG DFFM"); learned and matched by collections. */
export const firstWord = (sql: string) => `nullif(regexp_extract(trim(CAST(${sql} AS VARCHAR)), '^\\S+'), '')`;
