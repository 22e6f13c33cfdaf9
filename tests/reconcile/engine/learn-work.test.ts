/**
 * What learning reads, not only what it answers (issue 30: "Confirm mapping → rules" at 100k).
 * The statement's texts are tokenised into one table per reference shape, which every later
 * question reads (the reference test, each column's amount agreement, the differences, the rates,
 * the dates), and each distinct text is tokenised once; the counterparty names are folded once per
 * spelling, not once per statement line. Real DuckDB; the engine's Db is only listened to.
 */
import { describe, expect, it, vi } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, mostRowsInto, planInfo as info, spiedSandbox, statements, type PlanNode } from './helpers';

const sandbox = spiedSandbox();

const LEFT = 'invoice_no,customer_name,invoice_date,amount';
const RIGHT = 'booking_date;amount;counterparty;reference;remittance_text';
const inv = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`;
const date = (day: number) => new Date(Date.UTC(2026, 0, 1 + (day % 300))).toISOString().slice(0, 10);
const money = (cents: number) => (cents / 100).toFixed(2);
const CUSTOMERS = 12;
const INVOICES = 360;

/** 360 invoices of 12 customers, each paid with its reference; every fourth less a 7.50 fee. */
function files(): { invoices: string; bank: string } {
  const invoices: string[] = [];
  const bank: string[] = [];
  for (let n = 1; n <= INVOICES; n++) {
    const cents = 10_000 + n * 1_237;
    const customer = `Customer ${1 + (n % CUSTOMERS)} GmbH`;
    invoices.push([inv(n), customer, date(n), money(cents)].join(','));
    bank.push([date(n + 2), money(n % 4 === 0 ? cents - 750 : cents), customer.toUpperCase(), inv(n), n % 3 === 0 ? 'Payment thank you' : 'Invoice payment'].join(';'));
  }
  return { invoices: csv(LEFT, invoices), bank: csv(RIGHT, bank) };
}

/** The regular expression referenceTokens reads digit runs with (recipe-sql.ts DIGIT_RUN). */
const DIGIT_RUN = `'[0-9]+(?:[ ./-][0-9]+)*'`;

/** An operator whose expressions name `text`. */
const naming = (text: string) => (n: PlanNode) => info(n).includes(text);
/**
 * The operator that evaluates the tokens: DuckDB computes a list and unnests it in one UNNEST (its
 * expressions not shown); the UNPIVOT's own UNNEST reads the projection of `unpivot_list`.
 */
const tokenUnnest = (n: PlanNode) => n.operator_name === 'UNNEST' && !(n.children ?? []).some((c) => info(c).includes('unpivot_list'));

describe('learning does each piece of work once', () => {
  it('tokenises the statement texts only into the per-shape token tables, which the later questions read', async () => {
    const { invoices, bank } = files();
    const first = await sandbox().workspace('first');
    await first.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await first.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(first, 'cash');

    // A fresh workspace: nothing cached, the learning reads the data.
    const ws = await sandbox().workspace('second');
    await ws.addSourceFromPath('left', sandbox().file('invoices2.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank2.csv', bank));
    let facts: Awaited<ReturnType<typeof ws.learnCash>> | null = null;
    // Statements reading references out of the statement's sample or its texts stacked once per
    // learning (kalla_learn_lref_s<hash>); the open items' own references are read once per key and
    // shape into kalla_learn_lref_<hash>, from the whole left side.
    const reads = (sql: string) => sql.includes(DIGIT_RUN) && (sql.includes('kalla_learn_right') || /kalla_learn_lref_s[0-9a-f]+/.test(sql));
    const seen = await statements(async () => {
      facts = await ws.learnCash(recipe.mappings, null);
    }, reads);
    // It learned through every question that reads the tokens: the reference, its fee, its dates.
    expect(facts!.references.map((r) => r.left)).toContain('invoice_no');
    expect(facts!.fixed).toContain(7.5);
    expect(facts!.date).toMatchObject({ left: 'invoice_date', right: 'booking_date' });
    const tokenising = seen.filter((s) => reads(s.sql));
    expect(tokenising.length).toBeGreaterThan(0);
    // Only the token tables extract references from the statement's text…
    for (const s of tokenising) expect(s.sql.replace(/\s+/g, ' ').slice(0, 60)).toMatch(/^CREATE TEMP TABLE kalla_learn_lref_t[0-9a-f]+ AS /);
    // …each once…
    const tables = tokenising.map((s) => /kalla_learn_lref_t[0-9a-f]+/.exec(s.sql)![0]);
    expect(new Set(tables).size).toBe(tables.length);
    // …and over each distinct text, not each line: 360 lines × 3 text columns, of which distinct
    // are 12 names, 360 references and 2 remittance texts.
    for (const s of tokenising) {
      const rows = mostRowsInto(s.plan!, tokenUnnest);
      expect(rows).toBeGreaterThan(0); // the plan has the operator that tokenises
      expect(rows).toBeLessThanOrEqual(CUSTOMERS + INVOICES + 2);
    }
  });

  it('asks the amount agreement of every column a reference is written in by one statement, per column', async () => {
    // The reference written in two text columns (every line, and again in every second remittance
    // text): each column is validated on its own, before the found columns together (issue 27: one
    // statement per column was 199 statements at 5,000 columns).
    const { invoices, bank } = files();
    const twice = bank
      .split('\n')
      .map((line, i) => (i === 0 || line === '' ? line : i % 2 === 0 ? line.replace(/;[^;]*$/, `;Payment ${line.split(';')[3]}`) : line))
      .join('\n');
    const first = await sandbox().workspace('first');
    await first.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await first.addSourceFromPath('right', sandbox().file('bank.csv', twice));
    const { recipe } = await buildAutoRecipe(first, 'cash');
    const ws = await sandbox().workspace('second');
    await ws.addSourceFromPath('left', sandbox().file('invoices2.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank2.csv', twice));
    let facts: Awaited<ReturnType<typeof ws.learnCash>> | null = null;
    const seen = await statements(async () => {
      facts = await ws.learnCash(recipe.mappings, null);
    });
    const reference = facts!.references.find((r) => r.left === 'invoice_no');
    expect(reference?.right.map((r) => r.name).sort()).toEqual(['reference', 'remittance_text']);
    // Hit agreements: the per-column one groups by column (one statement for both columns); the
    // found columns together, and a reading found in one column only, do not.
    const hits = seen.filter((s) => s.sql.includes('any_value(t.amt) AS ra'));
    const each = hits.filter((s) => s.sql.includes('GROUP BY t.c, t.id'));
    expect(each.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThan(3 * each.length + 1);
  });

  it('copies into the learning sample only the columns its questions read', async () => {
    // 60 number columns on the left (identifierColumns judges the first 40 text or number columns)
    // and 10 dates (the date pair is learned among the first 6); 30 numbers on the right, where
    // only its texts, its date and its mapped columns are read. A wide file copied them all (issue 27).
    const { invoices, bank } = files();
    const widen = (text: string, sep: string, extra: (i: number, j: number) => string, names: string[]) =>
      text
        .trimEnd()
        .split('\n')
        .map((line, i) => [line, ...names.map((name, j) => (i === 0 ? name : extra(i, j)))].join(sep))
        .join('\n');
    const leftExtra = [...Array.from({ length: 60 }, (_, j) => `l_num_${j}`), ...Array.from({ length: 10 }, (_, j) => `l_day_${j}`)];
    const rightExtra = Array.from({ length: 30 }, (_, j) => `r_num_${j}`);
    const left = widen(invoices, ',', (i, j) => (j < 60 ? String(((i * 31 + j * 17) % 900) + 0.5) : date(i * 3 + j)), leftExtra);
    const right = widen(bank, ';', (i, j) => String(((i * 13 + j * 7) % 800) + 0.25), rightExtra);
    const ws = await sandbox().workspace('sample');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', `${left}\n`));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', `${right}\n`));
    const sampled: Record<string, string[]> = {};
    const made = (sql: string) => /^CREATE OR REPLACE TEMP TABLE kalla_learn_(left|right) AS/.exec(sql.trimStart());
    const exec = Db.prototype.exec;
    const all = Db.prototype.all;
    // The table the statement made, read while it exists (DuckDB's own DESCRIBE).
    vi.spyOn(Db.prototype, 'exec').mockImplementation(async function (this: Db, sql: string, ...rest: unknown[]) {
      const out = await (exec as (this: Db, sql: string, ...r: unknown[]) => Promise<unknown>).call(this, sql, ...rest);
      const m = made(sql);
      if (m) sampled[m[1]] = (await all.call<Db, [string], Promise<{ column_name: string }[]>>(this, `DESCRIBE temp.kalla_learn_${m[1]}`)).map((c) => c.column_name);
      return out;
    } as never);
    await buildAutoRecipe(ws, 'cash');
    vi.restoreAllMocks();
    for (const side of ['left', 'right']) expect(sampled[side]?.length ?? 0).toBeGreaterThan(0);
    // What the questions read is there: the reference, the amounts, the dates, the texts.
    expect(sampled.left).toEqual(expect.arrayContaining(['__row_id', 'invoice_no', 'customer_name', 'invoice_date', 'amount', 'l_num_0', 'l_day_0']));
    expect(sampled.right).toEqual(expect.arrayContaining(['__row_id', 'booking_date', 'amount', 'counterparty', 'reference', 'remittance_text']));
    // What no question reads is not.
    expect(sampled.left).not.toContain('l_num_59');
    expect(sampled.left).not.toContain('l_day_9');
    expect(sampled.right.filter((c) => c.startsWith('r_num_'))).toEqual([]);
  });

  it('folds each counterparty spelling once when it looks for the name columns, not each statement line', async () => {
    const { invoices, bank } = files();
    const ws = await sandbox().workspace('names');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const pairs = (sql: string) => sql.trimStart().startsWith('WITH la AS');
    const seen = await statements(() => buildAutoRecipe(ws, 'cash'), pairs);
    const overlaps = seen.filter((s) => pairs(s.sql));
    expect(overlaps.length).toBeGreaterThan(0);
    // The fold's legal-form words (nameExpression) are read over at most each side's distinct spellings.
    for (const s of overlaps) {
      const rows = mostRowsInto(s.plan!, naming('haftungsbeschrankt'));
      expect(rows).toBeGreaterThan(0); // the plan names the operator that folds
      expect(rows).toBeLessThanOrEqual(CUSTOMERS);
    }
  });
});
