/**
 * The recipe run inside a real PostgreSQL server (issue 30): tables and queries as sources, result
 * tables written back, CSV exports, refusals by name, the connection-string forms, and a property:
 * the same generated cases give identical groups on the local DuckDB engine and in PostgreSQL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRule, Recipe } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { runReconCli } from '../../../src/cli/recon';
import { compileRecipe } from '../../../src/main/reconcile/pushdown/compile';
import { parsePgSource, runInPostgres } from '../../../src/main/reconcile/pushdown/postgres';
import { csv, recipe, refRule, rule, sandbox, type Sandbox } from './helpers';
import { hasPostgres, startPostgres, type PgServer } from './pg-server';

interface Row {
  ref: string;
  cents: number;
  day: number;
}

const line = (r: Row) => `${r.ref},${(r.cents / 100).toFixed(2)},2024-03-${String(r.day).padStart(2, '0')}`;

async function loadTable(client: pg.Client, table: string, rows: Row[]): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.query(`CREATE TABLE ${table} (ref text, amount numeric(18,2), date date)`);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, j) => `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3})`).join(', ');
    await client.query(`INSERT INTO ${table} VALUES ${values}`, chunk.flatMap((r) => [r.ref, (r.cents / 100).toFixed(2), `2024-03-${String(r.day).padStart(2, '0')}`]));
  }
}

describe('push-down: connection strings', () => {
  it('reads postgres:// and the JDBC form, tables and queries', () => {
    const a = parsePgSource('postgres://alice:s3cret@db.example:5433/books#ledger.open_items');
    expect(a).toMatchObject({ connectionString: 'postgres://alice:s3cret@db.example:5433/books', database: 'db.example:5433/books', relation: '"ledger"."open_items"', schema: 'ledger' });
    expect(a.display).not.toContain('s3cret');
    const b = parsePgSource('jdbc:postgresql://db.example:5433/books?user=alice&password=s3cret#"Bank Lines"');
    expect(b).toMatchObject({ connectionString: 'postgres://alice:s3cret@db.example:5433/books', database: 'db.example:5433/books', relation: '"Bank Lines"' });
    const c = parsePgSource('postgresql://alice@h:1/d#SELECT%20*%20FROM%20x%20WHERE%20amount%20%3E%200');
    expect(c.relation).toBe('(SELECT * FROM x WHERE amount > 0)');
    expect(() => parsePgSource('postgres://alice@h:1/d')).toThrow(/no table: add #schema.table/);
    expect(() => parsePgSource('postgres://alice@h:1/#t')).toThrow(/names no database/);
  });

  it('refuses what SQL here cannot express by name, with a sentence', () => {
    const cols = { relation: 't', columns: [{ name: 'ref', type: 'text' as const }, { name: 'amount', type: 'number' as const }, { name: 'memo', type: 'text' as const }] };
    const model = rule({ id: 'scored', amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, model: { references: [{ left: 'ref', right: ['memo'], groups: [{ width: 0, min: 1, max: 9 }] }], amounts: 'settled', auto_at: 0.995, suggest_at: 0.5 } });
    expect(() => compileRecipe(recipe([model]), { left: cols, right: cols }, 'postgres')).toThrow(/rule "scored" is a learned cash-application model .* runs only in the local engine/);
    const refs = refRule('in-text', { keys: [{ left: 'ref', right: 'memo', normalisers: [{ kind: 'reference', groups: [{ width: 0, min: 1, max: 9 }] }] }], date: undefined });
    expect(() => compileRecipe(recipe([refs]), { left: cols, right: cols }, 'postgres')).toThrow(/rule "in-text" reads references in free text/);
    const unclaimed = rule({ id: 'amount-only', keys: [], amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, payer_unknown: { left: 'ref', right: 'memo', normalisers: [{ kind: 'name' }] } });
    expect(() => compileRecipe(recipe([unclaimed]), { left: cols, right: cols }, 'postgres')).toThrow(/rule "amount-only" keeps to statement lines that name no customer/);
    const withheld = refRule('less-ewt', { keys: [{ left: 'ref', right: 'ref', normalisers: [] }], date: undefined, amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false, differences: { reason: 'tax_withheld', fixed: [], percent: [], withheld: { column: 'amount', percent: [2] } } } });
    expect(() => compileRecipe(recipe([withheld]), { left: cols, right: cols }, 'postgres')).toThrow(/rule "less-ewt" accepts a tax withheld on amount/);
  });
});

describe.skipIf(!hasPostgres)('push-down: a real PostgreSQL server', () => {
  let server: PgServer;
  let client: pg.Client;
  let sb: Sandbox;
  let local: ReconEngine;

  beforeAll(async () => {
    server = startPostgres();
    client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    await client.query('CREATE SCHEMA books');
    sb = sandbox();
    local = await sb.workspace('local');
  }, 120_000);

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    server?.stop();
    sb?.cleanup();
  }, 60_000);

  it('runs a cascade inside PostgreSQL, writes result tables and CSV exports', async () => {
    await loadTable(client, 'books.ledger', [
      { ref: 'INV-1', cents: 10000, day: 1 },
      { ref: 'INV-2', cents: 5000, day: 2 },
      { ref: 'INV-3', cents: 7000, day: 3 },
      { ref: 'INV-4', cents: 2500, day: 4 },
      { ref: 'INV-4', cents: 2500, day: 5 },
      { ref: 'INV-9', cents: 999, day: 9 },
    ]);
    await loadTable(client, 'books.bank', [
      { ref: 'inv1', cents: 10000, day: 2 },
      { ref: 'INV 2', cents: 5001, day: 2 },
      { ref: 'INV3', cents: 3000, day: 3 },
      { ref: 'INV3', cents: 4000, day: 4 },
      { ref: 'INV4', cents: 5000, day: 6 },
      { ref: 'X', cents: -10000, day: 20 },
      { ref: 'Z', cents: 123, day: 20 },
    ]);
    const r = recipe([refRule('exact'), rule({ id: 'by-ref', cardinality: 'N:M', keys: refRule('x').keys, amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false } })]);
    const out = sb.mkdir('pg-out');
    const left = parsePgSource(`${server.url()}#books.ledger`);
    const right = parsePgSource(`jdbc:postgresql://127.0.0.1:${server.port}/postgres?user=postgres#SELECT * FROM books.bank`);
    const res = await runInPostgres(left, right, r, { outDir: out });
    const groups = (await client.query(`SELECT rule_id, cardinality, status, left_ids, right_ids, note FROM books.kalla_matched ORDER BY group_id`)).rows;
    expect(groups).toEqual([
      // INV-1 is paid and the bank line is mirrored by a free line of the opposite amount: only suggested.
      { rule_id: 'exact', cardinality: '1:1', status: 'suggested', left_ids: ['1'], right_ids: ['1'], note: expect.stringContaining('opposite amount') },
      { rule_id: 'exact', cardinality: '1:1', status: 'auto', left_ids: ['2'], right_ids: ['2'], note: null },
      { rule_id: 'by-ref', cardinality: 'N:M', status: 'auto', left_ids: ['3'], right_ids: ['3', '4'], note: null },
      { rule_id: 'by-ref', cardinality: 'N:M', status: 'auto', left_ids: ['4', '5'], right_ids: ['5'], note: null },
    ]);
    expect(res).toMatchObject({ matched: 3, suggested: 1, exceptionsLeft: 1, exceptionsRight: 2, rows: { left: 6, right: 7 } });
    const exc = (await client.query(`SELECT ref, kalla_reason FROM books.kalla_exceptions_right ORDER BY "__row_id"`)).rows;
    expect(exc).toEqual([{ ref: 'X', kalla_reason: 'no_match' }, { ref: 'Z', kalla_reason: 'no_match' }]);
    // The same recipe on the same rows in the local engine gives the same groups.
    const localGroups = await runLocal(r, (await client.query('SELECT ref, amount, date FROM books.ledger')).rows.map(toRow), (await client.query('SELECT ref, amount, date FROM books.bank')).rows.map(toRow));
    expect(describeGroups(await pgGroups('books.kalla_matched'), 'pg')).toEqual(localGroups);
    const matchedCsv = readFileSync(join(out, 'matched.csv'), 'utf8').split('\n');
    expect(matchedCsv[0]).toBe('group_id,rule_id,cardinality,status,left_ids,right_ids,amount_left,amount_right,amount_delta,date_delta_days,note');
    expect(matchedCsv).toHaveLength(6);
    expect(readFileSync(join(out, 'exceptions_right.csv'), 'utf8')).toContain('X,-100.00,2024-03-20');
    expect(JSON.parse(readFileSync(join(out, 'evidence.json'), 'utf8'))).toMatchObject({ engine: 'postgres', counts: { matched: 3, suggested: 1 } });
    // Working tables were TEMP and are gone; no kalla_w_ table is left behind.
    expect((await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'kalla_w_%'`)).rows[0].n).toBe(0);
  }, 120_000);

  it('runs through kalla recon with postgres:// and jdbc:postgresql:// sources', async () => {
    const path = sb.file('pg-recipe.json', JSON.stringify(recipe([refRule('exact')])));
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };
    const dir = join(sb.dir, 'cli-out');
    const code = await runReconCli(['--left', `${server.url()}#books.ledger`, '--right', `jdbc:postgresql://127.0.0.1:${server.port}/postgres?user=postgres#books.bank`, '--recipe', path, '--out', dir, '--pg-schema', 'public', '--json'], io);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ engine: 'postgres', matched: 1, suggested: 1, exceptions_left: 4, exceptions_right: 5, results: { matched: '"public"."kalla_matched"' } });
    expect((await client.query('SELECT count(*)::int AS n FROM public.kalla_matched')).rows[0].n).toBe(2);
    expect(existsSync(join(dir, 'matched.csv'))).toBe(true);
    // A file and a table cannot be mixed; no recipe, no run.
    expect(await runReconCli(['--left', `${server.url()}#books.ledger`, '--right', path, '--recipe', path], io)).toBe(1);
    expect(err).toContain('give both --left and --right as postgres://');
    expect(await runReconCli(['--left', `${server.url()}#books.ledger`, '--right', `${server.url()}#books.bank`], io)).toBe(1);
    expect(err).toContain('a database source needs --recipe F.json');
  });

  it('refuses a text amount column with a sentence instead of skipping the check', async () => {
    await client.query(`CREATE TABLE books.text_amounts AS SELECT ref, CAST(amount AS text) AS amount, date FROM books.ledger`);
    await expect(runInPostgres(parsePgSource(`${server.url()}#books.text_amounts`), parsePgSource(`${server.url()}#books.bank`), recipe([refRule('exact')]))).rejects.toThrow(
      /compares the amount in the left column "amount", but that column is read as text/,
    );
  });

  // ── the property: local DuckDB and PostgreSQL give identical groups ──────────────────────────

  let runs = 0;
  const toRow = (x: { ref: string; amount: string; date: Date | string }): Row => ({
    ref: x.ref,
    cents: Math.round(Number(x.amount) * 100),
    day: typeof x.date === 'string' ? Number(x.date.slice(8, 10)) : x.date.getDate(),
  });

  async function runLocal(r: Recipe, left: Row[], right: Row[]): Promise<string[]> {
    const n = runs++;
    await local.addSourceFromPath('left', sb.file(`l${n}.csv`, csv('ref,amount,date', left.map(line))));
    await local.addSourceFromPath('right', sb.file(`r${n}.csv`, csv('ref,amount,date', right.map(line))));
    const { run_id } = await local.run(r);
    const page = async (category: 'matched' | 'suggested') => (await local.page(run_id, category, { offset: 0, limit: 10_000 })).items as GroupPageItem[];
    const groups = [...(await page('matched')), ...(await page('suggested'))];
    return groups.map((g) => `${g.rule_id}/${g.status === 'suggested' ? 'suggested' : 'auto'}: ${[...g.left_ids].sort((a, b) => a - b).join('+')} <-> ${[...g.right_ids].sort((a, b) => a - b).join('+')}`).sort();
  }

  async function pgGroups(table: string): Promise<Array<{ rule_id: string; status: string; left_ids: string[]; right_ids: string[] }>> {
    return (await client.query(`SELECT rule_id, status, left_ids, right_ids FROM ${table}`)).rows;
  }

  function describeGroups(groups: Array<{ rule_id: string; status: string; left_ids: string[]; right_ids: string[] }>, _from: string): string[] {
    return groups.map((g) => `${g.rule_id}/${g.status}: ${g.left_ids.map(Number).sort((a, b) => a - b).join('+')} <-> ${g.right_ids.map(Number).sort((a, b) => a - b).join('+')}`).sort();
  }

  it('gives the groups the local engine gives, on generated cases (fast-check, fixed seed)', async () => {
    const REFS = ['A1', 'B2', 'C3'];
    const spell = (ref: string, v: number) => [ref, ref.toLowerCase(), `${ref[0]}-${ref.slice(1)}`][v % 3]!;
    const rowArb = fc.record({ ref: fc.constantFrom(...REFS), v: fc.nat(2), cents: fc.oneof(fc.constantFrom(1000, 2500), fc.integer({ min: 100, max: 3000 })), day: fc.integer({ min: 1, max: 12 }) });
    const sideArb = fc.array(rowArb, { minLength: 1, maxLength: 10 }).map((rs) => rs.map((x) => ({ ref: spell(x.ref, x.v), cents: x.cents, day: x.day })));
    // The statement pays most items, some twice or in parts, with small amount and date differences.
    const filesArb = fc
      .tuple(sideArb, fc.array(fc.record({ pay: fc.nat(4), v: fc.nat(2), da: fc.constantFrom(0, 0, 0, 100, 300, 600), dd: fc.constantFrom(0, 0, 1, 2, 6) }), { minLength: 10, maxLength: 10 }), sideArb)
      .map(([left, how, extra]) => {
        const right: Row[] = [];
        left.forEach((l, i) => {
          const h = how[i]!;
          const base = l.ref.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
          if (h.pay === 0) return;
          if (h.pay === 4) {
            right.push({ ref: spell(base, h.v), cents: Math.floor(l.cents / 2), day: Math.min(28, l.day + h.dd) });
            right.push({ ref: spell(base, h.v + 1), cents: l.cents - Math.floor(l.cents / 2), day: Math.min(28, l.day + h.dd) });
          } else right.push({ ref: spell(base, h.v), cents: l.cents + h.da, day: Math.min(28, l.day + h.dd) });
        });
        return [left, [...right, ...extra.slice(0, 3)]] as [Row[], Row[]];
      });
    const amountArb = fc.record({ left: fc.constant('amount'), right: fc.constant('amount'), tolerance_abs: fc.constantFrom(0, 1, 5), tolerance_pct: fc.constantFrom(0, 1), flip_sign: fc.constant(false) });
    const keys = refRule('k').keys;
    const recipeArb = fc.record({
      amount: amountArb,
      window: fc.integer({ min: 1, max: 5 }),
      auto: fc.boolean(),
      cascade: fc.constantFrom('1:1', '1:1+N:M', 'amount-only', 'N:M'),
    }).map(({ amount, window, auto, cascade }): Recipe => {
      const date = { left: 'date', right: 'date', window_days: window };
      const rules: MatchRule[] = [];
      if (cascade !== 'N:M' && cascade !== 'amount-only') rules.push(rule({ id: 'keyed', keys, amount, date, auto_confirm: auto }));
      if (cascade === 'amount-only') rules.push(rule({ id: 'amounts', keys: [], amount, date, auto_confirm: auto }));
      if (cascade.includes('N:M')) rules.push(rule({ id: 'sums', cardinality: 'N:M', keys, amount, date }));
      return recipe(rules);
    });
    let compared = 0;
    let skipped = 0;
    let groupsCompared = 0;
    await fc.assert(
      fc.asyncProperty(filesArb, recipeArb, async ([left, right], r) => {
        // Rows of different content that tie on both distances are broken by each engine's own
        // content hash (DuckDB's hash(), PostgreSQL's md5): such cases are ambiguous in both and
        // may pick different partners, so they are counted and left out.
        if (hashDecides(left, right, r)) {
          skipped++;
          return;
        }
        compared++;
        await loadTable(client, 'public.p_left', left);
        await loadTable(client, 'public.p_right', right);
        const res = await runInPostgres(parsePgSource(`${server.url()}#public.p_left`), parsePgSource(`${server.url()}#public.p_right`), r);
        expect(res.rows).toEqual({ left: left.length, right: right.length });
        const pgSide = describeGroups(await pgGroups('public.kalla_matched'), 'pg');
        const localSide = await runLocal(r, left, right);
        expect(pgSide).toEqual(localSide);
        groupsCompared += localSide.length;
      }),
      { seed: 20261127, numRuns: Number(process.env.KALLA_PROPERTY_RUNS ?? 40) },
    );
    // Most generated cases are compared, not left out.
    expect(compared).toBeGreaterThan(skipped);
    expect(groupsCompared).toBeGreaterThan(compared);
    console.log(`push-down property: ${compared} cases compared (${groupsCompared} groups), ${skipped} left out as hash-decided`);
  }, 600_000);
});

/**
 * Whether a 1:1 rule of the recipe could meet two candidates of one row at the same amount and
 * date distance whose rows differ in content: then the tie-breaker is a content hash, which each
 * engine computes its own way. Conservative: candidates are taken over all rows.
 */
function hashDecides(left: Row[], right: Row[], r: Recipe): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const content = (x: Row) => `${x.ref}|${x.cents}|${x.day}`;
  for (const rl of r.rules.filter((x) => x.cardinality === '1:1')) {
    const t = rl.amount!;
    const ok = (a: Row, b: Row) => {
      if (rl.keys.length > 0 && norm(a.ref) !== norm(b.ref)) return false;
      const allowed = t.tolerance_abs * 100 + (t.tolerance_pct / 100) * Math.max(Math.abs(a.cents), Math.abs(b.cents));
      if (Math.abs(a.cents - b.cents) > allowed + 1e-6) return false;
      return !rl.date || Math.abs(a.day - b.day) <= rl.date.window_days;
    };
    const ties = (one: Row, others: Row[]) => {
      const seen = new Map<string, string>();
      for (const o of others) {
        if (!ok(one, o)) continue;
        const distance = `${Math.abs(one.cents - o.cents)}|${Math.abs(one.day - o.day)}`;
        const prior = seen.get(distance);
        if (prior !== undefined && prior !== content(o)) return true;
        // Suggest-only rules call dates within a week equally good.
        if (!rl.auto_confirm) {
          for (const [d, c] of seen) if (d.split('|')[0] === String(Math.abs(one.cents - o.cents)) && c !== content(o)) return true;
        }
        seen.set(distance, content(o));
      }
      return false;
    };
    if (left.some((l) => ties(l, right)) || right.some((x) => ties(x, left))) return true;
  }
  return false;
}

