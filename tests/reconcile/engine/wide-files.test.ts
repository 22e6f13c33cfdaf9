/**
 * Work that must not grow with the number of columns (issue 27: 5,000 columns × 50 rows took
 * minutes after the load). Counted, not timed: the statements the engine issues and the columns
 * it reads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldMapping } from '../../../src/shared/reconcile/recipe';
import type { Db } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { sandbox, statements, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const NAMES = ['Acme GmbH', 'Borealis Ltd', 'Cobalt AG', 'Delta BV', 'Ember SA'];
const OTHER = ['Foxtrot Inc', 'Gamma Oy', 'Helix AB', 'Iris SpA', 'Juno Kft'];

/**
 * Two files with `extra` text columns each, mapped pairwise; only pair 2 names the same
 * counterparties on both sides (the party the learning must find).
 */
async function wide(extra: number): Promise<{ ws: ReconEngine; mappings: FieldMapping[] }> {
  const rows = 30;
  const side = (prefix: string, other: boolean) => {
    const head = ['ref', 'amount', 'date', ...Array.from({ length: extra }, (_, i) => `${prefix}_${i}`)];
    const lines = [head.join(',')];
    for (let r = 0; r < rows; r++) {
      const texts = Array.from({ length: extra }, (_, i) => (i === 2 || !other ? NAMES : OTHER)[(r + i) % 5] + (i === 2 ? '' : ` ${prefix}${i}`));
      lines.push([`INV-${1000 + r}`, (100 + r * 13.37).toFixed(2), `2026-03-${String(1 + (r % 28)).padStart(2, '0')}`, ...texts].join(','));
    }
    return `${lines.join('\n')}\n`;
  };
  const ws = await sb.workspace(`ws${extra}`);
  await ws.addSourceFromPath('left', sb.file(`left${extra}.csv`, side('party', false)));
  await ws.addSourceFromPath('right', sb.file(`right${extra}.csv`, side('payer', true)));
  const m = (a: string, b: string, role?: FieldMapping['role']): FieldMapping => ({ field_a: a, field_b: b, confidence: 0.9, reason: 'test', ...(role ? { role } : {}) });
  const mappings = [m('ref', 'ref', 'key'), m('amount', 'amount', 'amount'), m('date', 'date', 'date'), ...Array.from({ length: extra }, (_, i) => m(`party_${i}`, `payer_${i}`))];
  return { ws, mappings };
}

const dbOf = (ws: ReconEngine) => (ws as unknown as { db: Db }).db;

async function statementsOf<T>(ws: ReconEngine, body: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = dbOf(ws).statements;
  const result = await body();
  return { result, statements: dbOf(ws).statements - before };
}

describe('wide files', () => {
  it('learn the counterparty with as many statements for 80 mapped text columns as for 40', async () => {
    const narrow = await wide(40);
    const broad = await wide(80);
    const a = await statementsOf(narrow.ws, () => narrow.ws.learnCash(narrow.mappings, false));
    const b = await statementsOf(broad.ws, () => broad.ws.learnCash(broad.mappings, false));
    // The same answer from the batched overlap: the one pair that shares names.
    expect(a.result.party).toEqual({ left: 'party_2', right: 'payer_2' });
    expect(b.result.party).toEqual({ left: 'party_2', right: 'payer_2' });
    // One statement per mapped pair and per right text column before (80 more here); now the count
    // does not depend on them (the currency search reads at most 30 columns, one statement each).
    expect(b.statements).toBe(a.statements);
  }, 120_000);

  it('compare at most 64 mapped text pairs for the counterparty, however many are mapped', async () => {
    // Issue 27: a 5,000-column file mapped 1,250 text pairs and compared them all (5 s CPU).
    const pairsRead = async (extra: number) => {
      const { ws, mappings } = await wide(extra);
      // Listened to on every connection: learning may run on its own (30k, started at the proposal).
      let facts: Awaited<ReturnType<ReconEngine['learnCash']>> | undefined;
      const sql = (await statements(async () => void (facts = await ws.learnCash(mappings, false)))).map((x) => x.sql);
      const overlaps = sql.find((q) => q.includes('WITH la AS'))!;
      return { party: facts!.party, pairs: (/VALUES (.*?)\) t\(p, lc, rc\)/s.exec(overlaps)![1].match(/\(\d+, /g) ?? []).length };
    };
    const [narrow, broad] = [await pairsRead(40), await pairsRead(100)];
    expect(narrow).toEqual({ party: { left: 'party_2', right: 'payer_2' }, pairs: 40 });
    expect(broad).toEqual({ party: { left: 'party_2', right: 'payer_2' }, pairs: 64 });
  }, 120_000);

  it('read only the mapped columns for the key-aligned sample', async () => {
    const { ws, mappings } = await wide(40);
    const few = mappings.slice(0, 4);
    const sample = await ws.keyAlignedSample({ left: 'ref', right: 'ref' }, { left: few.map((m) => m.field_a), right: few.map((m) => m.field_b) });
    expect(sample.left.length).toBeGreaterThan(0);
    expect(Object.keys(sample.left[0]).sort()).toEqual(['amount', 'date', 'party_0', 'ref']);
    expect(Object.keys(sample.right[0]).sort()).toEqual(['amount', 'date', 'payer_0', 'ref']);
  });

  it('find the amount pair among 12 × 12 number columns with as many statements as among 2 × 2', async () => {
    // Left: an invoice total (Brutto) and filler numbers; right: the paid amounts (Betrag) and fillers.
    const files = (n: number) => {
      const head = (side: string) => ['ref', side === 'left' ? 'Brutto' : 'Betrag', ...Array.from({ length: n - 1 }, (_, i) => `${side}_n${i}`)].join(',');
      const line = (side: string, r: number) =>
        [`INV-${1000 + r}`, (100 + r * 13.37).toFixed(2), ...Array.from({ length: n - 1 }, (_, i) => ((side === 'left' ? 7 : 3) * (r + 1) * (i + 2) + 0.5).toFixed(2))].join(',');
      const body = (side: string) => `${[head(side), ...Array.from({ length: 30 }, (_, r) => line(side, r))].join('\n')}\n`;
      return { left: body('left'), right: body('right') };
    };
    const results: { note: string | null; statements: number }[] = [];
    for (const n of [2, 12]) {
      const ws = await sb.workspace(`amounts${n}`);
      const f = files(n);
      await ws.addSourceFromPath('left', sb.file(`amounts-left${n}.csv`, f.left));
      await ws.addSourceFromPath('right', sb.file(`amounts-right${n}.csv`, f.right));
      const { result, statements } = await statementsOf(ws, () => ws.withAmountMapping([{ field_a: 'ref', field_b: 'ref', confidence: 0.9, reason: 'test', role: 'key' }]));
      expect(result.mappings.find((m) => m.role === 'amount')).toMatchObject({ field_a: 'Brutto', field_b: 'Betrag' });
      results.push({ note: result.note, statements });
    }
    expect(results[1].note).toBe(results[0].note);
    // One statement per pair before (4 and 144); now one for all of them.
    expect(results[1].statements).toBe(results[0].statements);
  });
});

describe('the typed table of a wide file', () => {
  // A number column's typing expression is planned once per column. Macros expand as text: with the
  // cleaning written out in every branch, one kalla_parse_us planned 88 regexp_replace calls (each
  // pattern compiled when the statement is planned) and a 5,000-column load spent minutes planning
  // its typed table. Counted in the plan, not timed.
  it('plans one cleaning per number column', async () => {
    const { Db } = await import('../../../src/main/reconcile/engine/db');
    const { installMacros } = await import('../../../src/main/reconcile/engine/macros');
    const db = await Db.open(':memory:');
    try {
      await installMacros(db);
      await db.exec(`CREATE TABLE t AS SELECT '1.234,56' AS v`);
      for (const parse of ['kalla_parse_us', 'kalla_parse_eu']) {
        const plan = (await db.all<Record<string, string>>(`EXPLAIN SELECT ${parse}(v) FROM t`)).map((r) => Object.values(r).join('\n')).join('\n');
        expect((plan.match(/regexp_replace/g) ?? []).length, parse).toBeLessThanOrEqual(8);
      }
      // Same readings as before (the value-formats suite covers every convention).
      const read = await db.all<{ us: number | null; eu: number | null }>(
        `SELECT kalla_parse_us(v)::DOUBLE AS us, kalla_parse_eu(v)::DOUBLE AS eu FROM (VALUES ('USD 1,234.56'), ('(1.234,56)'), ('17,02,809.77 Dr'), ('1.5E+3'), ('—'), ('12 CR'), ('x')) AS s(v)`,
      );
      expect(read.map((r) => [r.us, r.eu])).toEqual([
        [1234.56, null],
        [null, -1234.56],
        [-1702809.77, null],
        [1500, 1500],
        [0, 0],
        [12, 12],
        [null, null],
      ]);
    } finally {
      db.close();
    }
  });
});

describe('side roles of a wide file', () => {
  // Which side holds the open items: one side's ids written in the other side's text. Before, the
  // number extraction was written once per text column of the other side (2,500 copies in one
  // statement at 5,000 columns) and every candidate sorted whole sampled rows (SELECT *).
  async function roles(extra: number) {
    const { detectSideRoles } = await import('../../../src/main/reconcile/engine/side-roles');
    const rows = 40;
    const left = ['ref,amount', ...Array.from({ length: rows }, (_, r) => `INV-${70000 + r},${(10 + r).toFixed(2)}`)].join('\n');
    const right = [
      ['amount', 'text', ...Array.from({ length: extra }, (_, i) => `note_${i}`)].join(','),
      ...Array.from({ length: rows }, (_, r) => [(10 + r).toFixed(2), `payment for INV-${70000 + r}`, ...Array.from({ length: extra }, (_, i) => `memo ${i} ${r % 3 === 0 ? '' : 'x'}`)].join(',')),
    ].join('\n');
    const ws = await sb.workspace(`roles${extra}`);
    const l = await ws.addSourceFromPath('left', sb.file(`l${extra}.csv`, `${left}\n`));
    const r = await ws.addSourceFromPath('right', sb.file(`r${extra}.csv`, `${right}\n`));
    const db = dbOf(ws);
    const sql: string[] = [];
    const [all, exec] = [db.all.bind(db), db.exec.bind(db)];
    db.all = ((q: string, p?: never) => (sql.push(q), all(q, p))) as typeof db.all;
    db.exec = ((q: string, p?: never) => (sql.push(q), exec(q, p))) as typeof db.exec;
    const result = await detectSideRoles(db, { left: l.columns, right: r.columns });
    return { result, extractions: sql.join('\n').split('regexp_extract_all').length - 1, wholeRows: sql.filter((q) => /SELECT \* FROM/.test(q)).length };
  }

  it("extracts numbers with as many expressions for 90 text columns as for 45 (the candidate ids are capped at 40), and never sorts whole rows", async () => {
    const narrow = await roles(45);
    const wideOne = await roles(90);
    expect(narrow.result.openItems).toBe('left');
    expect(wideOne.result).toEqual(narrow.result);
    expect(wideOne.extractions).toBe(narrow.extractions);
    expect(wideOne.wholeRows).toBe(0);
  });
});

describe('learning the references of a wide file', () => {
  /** Open items with `ids` identifier-like columns (each a candidate reference); the statement names the invoice. */
  async function viewReads(ids: number): Promise<{ statements: number; viaView: number; leftKey: string | null }> {
    const rows = 40;
    const left = [
      ['invoice', 'amount', ...Array.from({ length: ids }, (_, i) => `code_${i}`)].join(','),
      ...Array.from({ length: rows }, (_, r) => [`INV-${7100 + r}`, (100 + r * 17.35).toFixed(2), ...Array.from({ length: ids }, (_, i) => `K${i}X${1000 + r * 7 + i}`)].join(',')),
    ].join('\n');
    const right = ['amount,text', ...Array.from({ length: rows }, (_, r) => `${(100 + r * 17.35).toFixed(2)},Zahlung INV-${7100 + r}`)].join('\n');
    const ws = await sb.workspace(`refs${ids}`);
    await ws.addSourceFromPath('left', sb.file(`refs-l${ids}.csv`, `${left}\n`));
    await ws.addSourceFromPath('right', sb.file(`refs-r${ids}.csv`, `${right}\n`));
    const m = (a: string, b: string, role: FieldMapping['role']): FieldMapping => ({ field_a: a, field_b: b, confidence: 0.9, reason: 'test', role });
    let leftKey: string | null = null;
    const sql = (await statements(async () => void ({ leftKey } = await ws.learnCash([m('invoice', 'text', 'key'), m('amount', 'amount', 'amount')], false)))).map((x) => x.sql);
    return { statements: sql.length, viaView: sql.filter((q) => q.includes('"src_left"')).length, leftKey };
  }

  it('reads the open items through their typed view as often for 30 candidate columns as for 10 (each read binds every column)', async () => {
    const few = await viewReads(10);
    const many = await viewReads(30);
    expect(few.leftKey).toBe('invoice');
    expect(many.leftKey).toBe('invoice');
    // Each candidate column is judged (the amount agreement of all of them is one statement since
    // 27j), through the data table's named columns, never the view.
    expect(many.statements).toBeGreaterThanOrEqual(few.statements);
    expect(many.viaView).toBe(few.viaView);
  });

  it('cuts the statement\'s texts into reference tokens once per shape, not once per candidate column', async () => {
    // Issue 27: each of a wide file's candidate columns (one shape: six digits) tokenised the same
    // 2,500 statement text columns again (5 s CPU at 5,000 columns).
    const tokenizations = async (ids: number) => {
      const rows = 40;
      const left = [
        ['invoice', 'amount', ...Array.from({ length: ids }, (_, i) => `code_${i}`)].join(','),
        ...Array.from({ length: rows }, (_, r) => [`INV-${710000 + r}`, (100 + r * 17.35).toFixed(2), ...Array.from({ length: ids }, (_, i) => `X${300000 + r * 7919 + i * 101}`)].join(',')),
      ].join('\n');
      const texts = Array.from({ length: 6 }, (_, i) => `t${i}`);
      const right = [['amount', ...texts].join(','), ...Array.from({ length: rows }, (_, r) => [(100 + r * 17.35).toFixed(2), `Zahlung INV-${710000 + r}`, ...texts.slice(1).map((_, i) => `note ${i} ${r}`)].join(','))].join('\n');
      const ws = await sb.workspace(`tok${ids}`);
      await ws.addSourceFromPath('left', sb.file(`tok-l${ids}.csv`, `${left}\n`));
      await ws.addSourceFromPath('right', sb.file(`tok-r${ids}.csv`, `${right}\n`));
      const m = (a: string, b: string, role: FieldMapping['role']): FieldMapping => ({ field_a: a, field_b: b, confidence: 0.9, reason: 'test', role });
      let leftKey: string | null = null;
      const sql = (await statements(async () => void ({ leftKey } = await ws.learnCash([m('invoice', 't0', 'key'), m('amount', 'amount', 'amount')], false)))).map((x) => x.sql);
      // The statements that cut tokens out of the unpivoted texts (each makes a token table).
      return { leftKey, made: sql.filter((q) => q.includes('UNPIVOT') && q.includes('kalla_learn_right')).length };
    };
    const [few, many] = [await tokenizations(10), await tokenizations(30)];
    expect(few.leftKey).toBe('invoice');
    expect(many.leftKey).toBe('invoice');
    expect(few.made).toBeGreaterThan(0);
    expect(many.made).toBe(few.made);
  });
});

describe("the payer id search of a wide file", () => {
  it("cuts the statement's ids out of all its text columns with one expression, from texts stacked once per learning", async () => {
    // Issue 27: a UNION ALL of one tokenising SELECT per statement text column (2,500 at 5,000
    // columns) took DuckDB ~11 s CPU to plan; stacked (UNPIVOT), the statement has a fixed size.
    // The stacked texts serve every reference shape's tokens too (each shape unpivoted them again).
    const idReads = async (texts: number) => {
      const rows = 40;
      const left = [
        ['invoice', 'amount', 'customer_no'].join(','),
        ...Array.from({ length: rows }, (_, r) => [`INV-${710000 + r}`, (100 + r * 17.35).toFixed(2), `K${(r % 8) * 1117 + 50000}`].join(',')),
      ].join('\n');
      const names = Array.from({ length: texts }, (_, i) => `t${i}`);
      const right = [['amount', ...names].join(','), ...Array.from({ length: rows }, (_, r) => [(100 + r * 17.35).toFixed(2), `Zahlung K${(r % 8) * 1117 + 50000}`, ...names.slice(1).map((_, i) => `note ${i} R${r}X${i}`)].join(','))].join('\n');
      const ws = await sb.workspace(`ids${texts}`);
      await ws.addSourceFromPath('left', sb.file(`ids-l${texts}.csv`, `${left}\n`));
      await ws.addSourceFromPath('right', sb.file(`ids-r${texts}.csv`, `${right}\n`));
      const m = (a: string, b: string, role: FieldMapping['role']): FieldMapping => ({ field_a: a, field_b: b, confidence: 0.9, reason: 'test', role });
      const sql = (await statements(async () => void (await ws.learnCash([m('invoice', 't0', 'key'), m('amount', 'amount', 'amount')], false)))).map((x) => x.sql);
      const ids = sql.filter((q) => q.startsWith('CREATE OR REPLACE TEMP TABLE kalla_learn_ids'));
      expect(ids).toHaveLength(1);
      // The texts are stacked once per learning, for the ids and every shape's tokens alike.
      const stacks = sql.filter((q) => q.includes('UNPIVOT') && q.includes('FROM kalla_learn_right') && q.includes('CAST(s."t0" AS VARCHAR)')).length;
      // Each shape's tokens are cut once per distinct text, whatever column holds it (not per column and text).
      const tokens = sql.filter((q) => q.startsWith('CREATE TEMP TABLE kalla_learn_lref_t'));
      expect(tokens.length).toBeGreaterThan(0);
      for (const q of tokens) expect(q).toMatch(/\(SELECT DISTINCT raw FROM kalla_learn_lref_s\w+\) s\)/);
      return { unions: ids[0].split('UNION ALL').length - 1, tokenisers: ids[0].split('regexp_extract_all').length - 1, stacks };
    };
    const [few, many] = [await idReads(4), await idReads(24)];
    expect(few).toEqual({ unions: 0, tokenisers: 1, stacks: 1 });
    expect(many).toEqual(few);
  });
});

describe('a statement that repeats the reference in many text columns', () => {
  it('builds a recipe naming at most 8 of them, the most-hit first (issue 27: a raw schema error at 5,000 columns)', async () => {
    const { buildAutoRecipe } = await import('../../../src/main/reconcile/engine/auto-recipe');
    const { csv } = await import('./helpers');
    const items = Array.from({ length: 40 }, (_, i) => `INV-${7100 + i},${NAMES[i % NAMES.length]},2026-03-01,${(100 + i * 17.35).toFixed(2)}`);
    // Twelve text columns, each naming the invoice; column t_0 in every line, the others in fewer.
    const lines = Array.from({ length: 40 }, (_, i) => [`2026-03-0${1 + (i % 9)}`, (100 + i * 17.35).toFixed(2), ...Array.from({ length: 12 }, (_, c) => (i % (c + 1) === 0 ? `Zahlung INV-${7100 + i}` : 'Zahlung'))].join(','));
    const ws = await sb.workspace('many-texts');
    await ws.addSourceFromPath('left', sb.file('items.csv', csv('invoice,customer,due,total', items)));
    await ws.addSourceFromPath('right', sb.file('lines.csv', csv(['booked', 'amount', ...Array.from({ length: 12 }, (_, c) => `t_${c}`)].join(','), lines)));
    const auto = await buildAutoRecipe(ws, 'wide-texts');
    const right = auto.recipe.rules.find((r) => r.id === 'scored')?.model?.references[0].right ?? [];
    expect(right.length).toBe(8);
    expect(right[0]).toBe('t_0');
    const result = await ws.run(auto.recipe);
    expect((await ws.page(result.run_id, 'matched', { offset: 0, limit: 100 })).items).toHaveLength(40);
  });
});

describe('a table wider than the engine reads', () => {
  it('is refused by name before it is loaded, with what to do', async () => {
    const { MAX_COLUMNS } = await import('../../../src/main/reconcile/engine/sources');
    const n = MAX_COLUMNS + 1;
    const text = [Array.from({ length: n }, (_, i) => `c${i}`).join(','), Array.from({ length: n }, (_, i) => String(i)).join(',')].join('\n') + '\n';
    const ws = await sb.workspace('too-wide');
    const error = await ws.addSourceFromPath('left', sb.file('too-wide.csv', text)).catch((e: unknown) => e);
    ws.close();
    expect(error).toMatchObject({ code: 'too_many_columns', details: { columns: n, max: MAX_COLUMNS } });
    expect((error as Error).message).toMatch(/has 10,001 columns; Kalla reads tables of up to 10,000\. Keep the columns you need/);
  });
});
