/**
 * What a run reads, not only what it answers (issue 30: "Run → results" at 100k). The statement's
 * texts are read for references once per run and column set, into one table of each line's
 * references that the reference rules, the scored model and a rule's `named` key all read, and
 * each distinct text of a column is read once; the open items' counterparty spellings are folded
 * once. Real DuckDB; the engine's Db is only listened to.
 */
import { describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, mostRowsInto, planInfo as info, spiedSandbox, statements, type PlanNode } from './helpers';

const sandbox = spiedSandbox();

const LEFT = 'invoice_no,customer_name,invoice_date,amount';
const RIGHT = 'booking_date;amount;counterparty;reference;remittance_text';
const inv = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`;
const date = (day: number) => new Date(Date.UTC(2026, 0, 1 + (day % 300))).toISOString().slice(0, 10);
const money = (cents: number) => (cents / 100).toFixed(2);
const CUSTOMERS = 12;
const INVOICES = 300;
/** Invoices paid in two halves, each half quoting the invoice: their references repeat. */
const HALVED = 120;

/**
 * 300 invoices of 12 customers, each paid quoting its reference; the first 120 in two halves (two
 * lines with the same reference), and one customer's last six together by one line naming them
 * all (a `named` list). 415 lines, 295 distinct references.
 */
function files(): { invoices: string; bank: string; lines: number; references: number } {
  const invoices: string[] = [];
  const bank: string[] = [];
  const together: number[] = [];
  for (let n = 1; n <= INVOICES; n++) {
    const cents = 10_000 + n * 1_237;
    const customer = `Customer ${1 + (n % CUSTOMERS)} GmbH`;
    invoices.push([inv(n), customer, date(n), money(cents)].join(','));
    if (n > INVOICES - 6 * CUSTOMERS && n % CUSTOMERS === 0) {
      together.push(n);
      continue;
    }
    const halves = n <= HALVED ? [Math.floor(cents / 2), cents - Math.floor(cents / 2)] : [cents];
    for (const [i, part] of halves.entries()) bank.push([date(n + 2 + i * 9), money(part), customer.toUpperCase(), inv(n), n % 3 === 0 ? 'Payment thank you' : 'Invoice payment'].join(';'));
  }
  const sum = together.reduce((s, n) => s + 10_000 + n * 1_237, 0);
  bank.push([date(INVOICES + 3), money(sum), `Customer 1 GmbH`.toUpperCase(), together.map(inv).join(' '), 'Invoices'].join(';'));
  return { invoices: csv(LEFT, invoices), bank: csv(RIGHT, bank), lines: bank.length, references: INVOICES - together.length + 1 };
}

/** The regular expression referenceTokens reads digit runs with (recipe-sql.ts DIGIT_RUN). */
const DIGIT_RUN = `'[0-9]+(?:[ ./-][0-9]+)*'`;
/** Over every operator whose expressions read digit runs out of a text: the most rows it was given. */
const mostRowsTokenised = (node: PlanNode) => mostRowsInto(node, (n) => info(n).includes('regexp_extract_all'));

describe('a run does each piece of work once', () => {
  it("reads the statement's references once per run, over each distinct text, for every rule and the named key", async () => {
    const { invoices, bank, lines, references } = files();
    const ws = await sandbox().workspace('run');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    // The run has reference rules and a rule naming its items (the key that reads a line's list).
    expect(recipe.rules.some((r) => r.named)).toBe(true);
    expect(recipe.rules.filter((r) => r.model || r.keys.some((k) => (k.normalisers ?? []).some((n) => n.kind === 'reference'))).length).toBeGreaterThan(1);
    // Statements reading references out of the statement's texts.
    const reads = (sql: string) => sql.includes(DIGIT_RUN) && sql.includes('"data_right"');
    let matched = 0;
    const seen = await statements(async () => {
      const result = await ws.run(recipe);
      matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.length;
    }, reads);
    const tokenising = seen.filter((s) => reads(s.sql));
    expect(tokenising.length).toBeGreaterThan(0);
    // Only the run's list table of each column set reads them (not the named key's working table)…
    for (const s of tokenising) expect(s.sql.replace(/\s+/g, ' ').slice(0, 60)).toMatch(/^CREATE TEMP TABLE kalla_reftok_right_list_[0-9a-f]+ AS /);
    const tables = tokenising.map((s) => /kalla_reftok_right_list_[0-9a-f]+/.exec(s.sql)![0]);
    expect(new Set(tables).size).toBe(tables.length);
    // …over each distinct text (295 references for 415 lines), not each line.
    for (const s of tokenising) {
      const rows = mostRowsTokenised(s.plan!);
      expect(rows).toBeGreaterThan(0);
      expect(rows).toBeLessThanOrEqual(references);
      expect(rows).toBeLessThan(lines);
    }
    expect(matched).toBeGreaterThan(0);
  });

  it("counts the scored model's random pairs per comparison, dates and counterparties over their distinct values", async () => {
    const { invoices, bank } = files();
    const ws = await sandbox().workspace('u');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    expect(recipe.rules.some((r) => r.model?.party)).toBe(true);
    const sample = (sql: string) => sql.trimStart().startsWith('WITH l AS (SELECT * FROM m_left ORDER BY hash(h, id)');
    const seen = await statements(() => ws.run(recipe), sample);
    const u = seen.filter((s) => sample(s.sql));
    expect(u.length).toBe(1); // one fit, shared by the scored passes
    // The counterparty comparison (jaro_winkler) sees each pair of spellings (13 × 13 with none)
    // plus the tied pairs taken out, not every sampled pair of rows (30,120 here).
    const rows = mostRowsInto(u[0].plan!, (n) => info(n).includes('jaro_winkler'));
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(1_000);
  });

  it("builds the rules' working tables and the run's token and party tables from the columns they read, not the typed view", async () => {
    // The typed view binds every column of a file: 30–100 ms of CPU per statement at 5,000 columns,
    // and a run asks about a hundred of these (issue 27). Here: 40 columns each side nobody reads.
    const { invoices, bank } = files();
    // Each side's columns hold values of their own: the same formula on both sides made 40 pairs of
    // columns equal line by line, and the learning took one pair as the amounts and others as references.
    const widen = (text: string, sep: string, prefix: string, k: number) =>
      text
        .trimEnd()
        .split('\n')
        .map((line, i) => [line, ...Array.from({ length: 40 }, (_, j) => (i === 0 ? `${prefix}_${j}` : String((i * k + j * 13) % 997)))].join(sep))
        .join('\n');
    const ws = await sandbox().workspace('narrow');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', `${widen(invoices, ',', 'l_extra', 7)}\n`));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', `${widen(bank, ';', 'r_extra', 11)}\n`));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    expect(recipe.rules.some((r) => r.model)).toBe(true);
    expect(recipe.rules.find((r) => r.id === 'scored')?.amount?.left).toBe('amount');
    let groups = 0;
    const seen = await statements(async () => {
      groups = (await ws.run(recipe)).summary.matched_groups;
    }, () => false);
    const made = (sql: string) => /^\s*(CREATE (OR REPLACE )?TEMP TABLE (IF NOT EXISTS )?(w_left|w_right|scope_left|scope_right|m_left|m_right|m_rev_rows|m_pr_names|m_pr_lines|kalla_reftok_\w+) AS|INSERT INTO (exceptions|match_groups) )/.test(sql);
    const building = seen.filter((s) => made(s.sql));
    for (const table of ['w_left', 'w_right', 'scope_left', 'm_left', 'm_right', 'kalla_reftok_right_list_', 'kalla_reftok_party_left_']) {
      expect(building.some((s) => new RegExp(`TABLE (IF NOT EXISTS )?${table}`).test(s.sql))).toBe(true);
    }
    expect(building.filter((s) => s.sql.includes('"src_left"') || s.sql.includes('"src_right"')).map((s) => s.sql.slice(0, 80))).toEqual([]);
    expect(groups).toBeGreaterThan(100);
  }, 180_000);

  it("folds each spelling of the open items' counterparty once per run, for the party tables and the name resolution alike", async () => {
    const { invoices, bank } = files();
    const ws = await sandbox().workspace('names');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    expect(recipe.rules.some((r) => r.model?.party)).toBe(true);
    const seen = await statements(() => ws.run(recipe));
    // nameExpression (strip_accents and its regular expressions) over the distinct customer names.
    const folding = seen.filter((s) => s.sql.includes('SELECT DISTINCT CAST(s."customer_name" AS VARCHAR)') && s.sql.includes('strip_accents'));
    expect(folding.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 60))).toHaveLength(1);
    // The name resolution still ran, over the folded names.
    expect(seen.some((s) => /TEMP TABLE m_pr_names AS/.test(s.sql))).toBe(true);
  });

  it("asks whether another named item is the same payer's only for the named items that are open, not for every named pair", async () => {
    const { invoices, bank } = files();
    const ws = await sandbox().workspace('elsewhere');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const { recipe } = await buildAutoRecipe(ws, 'cash');
    expect(recipe.rules.some((r) => r.model?.party && r.model.references.length > 0)).toBe(true);
    const guard = (sql: string) => /TEMP TABLE m_named_elsewhere AS/.test(sql);
    const seen = await statements(() => ws.run(recipe), guard);
    const plan = seen.find((s) => guard(s.sql))?.plan;
    expect(plan).toBeDefined();
    const operators = (n: PlanNode): PlanNode[] => [n, ...(n.children ?? []).flatMap(operators)];
    // The payer check joins the counterparty table to itself (a customer's items pairwise): asked of
    // every pair a group's line names (all 300 items, 25 a customer), it put out thousands of rows.
    const payerJoins = operators(plan!).filter((n) => info(n).includes('"p = p"'));
    expect(payerJoins.length).toBeGreaterThan(0);
    expect(Math.max(...payerJoins.map((n) => Number(n.operator_cardinality ?? 0)))).toBeLessThanOrEqual(INVOICES);
  });

  it('learns how often amounts agree by chance without forming the 2,000 × 2,000 pairs', async () => {
    const { invoices, bank } = files();
    const ws = await sandbox().workspace('chance');
    await ws.addSourceFromPath('left', sandbox().file('invoices.csv', invoices));
    await ws.addSourceFromPath('right', sandbox().file('bank.csv', bank));
    const chance = (sql: string) => /AS amt FROM kalla_learn_left s LIMIT 2000/.test(sql) && /AS amt FROM kalla_learn_right s LIMIT 2000/.test(sql);
    const seen = await statements(() => buildAutoRecipe(ws, 'cash'), chance);
    const asked = seen.filter((s) => chance(s.sql));
    expect(asked.length).toBeGreaterThan(0);
    const operators = (n: PlanNode): PlanNode[] => [n, ...(n.children ?? []).flatMap(operators)];
    for (const s of asked) {
      const plan = operators(s.plan!);
      expect(plan.map((n) => n.operator_name)).toContain('ASOF_JOIN');
      // No operator puts out the pairs (300 items × 415 lines here): at most a row per amount.
      expect(Math.max(...plan.map((n) => Number(n.operator_cardinality ?? 0)))).toBeLessThanOrEqual(415);
    }
  });
});
