/**
 * `kalla recon --emit-sql trino|spark`: the recipe as Trino and Spark SQL, not executed here,
 * checked against dt-sql-parser's Trino and Spark grammars. Each grammar refuses the other dialects' scripts, so the check can fail.
 */
import { SparkSQL, TrinoSQL } from 'dt-sql-parser';
import { describe, expect, it } from 'vitest';
import { emitSql } from '../../../src/cli/recon-pushdown';
import { runReconCli } from '../../../src/cli/recon';
import type { MatchRule } from '../../../src/shared/reconcile/recipe';
import { recipe, refRule, rule, sandbox } from './helpers';

const amount = (extra: Partial<NonNullable<MatchRule['amount']>> = {}) => ({ left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false, ...extra });

/** Every pushable part: each key normaliser, tolerances, named differences, a window, 1:1 with and without keys, N:M, 1:N, a filter. */
const everything = recipe(
  [
    refRule('exact', { keys: [{ left: 'ref', right: 'ref', normalisers: [{ kind: 'trim' }, { kind: 'casefold' }, { kind: 'alnum' }] }, { left: 'doc no', right: 'memo', normalisers: [{ kind: 'digits' }, { kind: 'regex', pattern: '([0-9]+)$' }] }] }),
    rule({ id: 'fees', keys: refRule('x').keys, amount: amount({ tolerance_abs: 1, tolerance_pct: 2, flip_sign: true, differences: { reason: 'bank_fee', fixed: [7.5], percent: [2] } }), auto_confirm: false }),
    rule({ id: 'amounts', keys: [], amount: amount({ tolerance_abs: 0.01 }), date: { left: 'date', right: 'date', window_days: 3 } }),
    rule({ id: 'monthly', cardinality: 'N:M', keys: [{ left: 'date', right: 'date', normalisers: [{ kind: 'date_trunc', unit: 'month' }] }], amount: amount() }),
    rule({ id: 'split', cardinality: '1:N', keys: refRule('x').keys, amount: amount(), date: { left: 'date', right: 'date', window_days: 5 } }),
  ],
  { filters: [{ source: 'ledger', column: 'amount', op: 'gt', value: 0 }, { source: 'bank', column: 'status', op: 'in', value: ['booked', 'pending'] }] },
);

describe('--emit-sql', () => {
  const trino = emitSql('trino', everything, 'fin.ledger', 'fin.bank');
  const spark = emitSql('spark', everything, 'fin.ledger', 'fin.bank');
  const postgres = emitSql('postgres', everything, 'fin.ledger', 'fin.bank');

  it('prints Trino SQL that the Trino grammar accepts', () => {
    expect(new TrinoSQL().validate(trino)).toEqual([]);
    expect(trino.match(/;\n/g)?.length).toBeGreaterThan(60);
    expect(trino).toContain('FROM "fin"."ledger" t');
    expect(trino).toContain("date_diff('day', l.dt, r.dt)");
    expect(trino).toContain('CROSS JOIN UNNEST(g.left_ids) AS u(id)');
    expect(trino).toContain('CREATE TABLE "kalla_matched" AS');
  }, 120_000);

  it('prints Spark SQL that the Spark grammar accepts', () => {
    expect(new SparkSQL().validate(spark)).toEqual([]);
    expect(spark).toContain('FROM `fin`.`ledger` t');
    expect(spark).toContain('LATERAL VIEW explode(g.left_ids) u AS id');
    expect(spark).toContain('array_sort(collect_list(id))');
  }, 120_000);

  // The PostgreSQL script is checked by running it on a real server (pushdown-postgres.test.ts).
  it('each grammar refuses the other dialects', () => {
    // One statement each (error recovery over a whole foreign script takes minutes): where the three differ.
    const statement = (script: string, start: string) => script.split(';\n').find((x) => x.includes(start))!;
    // LATERAL VIEW explode (Spark) is not Trino; a TEMP table (PostgreSQL) is not Spark.
    expect(new TrinoSQL().validate(statement(trino, 'INSERT INTO kalla_w_used_left SELECT u.id'))).toEqual([]);
    expect(new TrinoSQL().validate(statement(spark, 'INSERT INTO kalla_w_used_left SELECT u.id')).length).toBeGreaterThan(0);
    expect(new SparkSQL().validate(statement(spark, 'TABLE kalla_w_scope_left AS'))).toEqual([]);
    expect(new SparkSQL().validate(statement(postgres, 'TABLE kalla_w_scope_left AS')).length).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a learned model by name, and an unknown dialect', () => {
    const model = rule({ id: 'scored', amount: amount(), model: { references: [{ left: 'ref', right: ['memo'], groups: [{ width: 0, min: 1, max: 9 }] }], amounts: 'settled', auto_at: 0.995, suggest_at: 0.5 } });
    expect(() => emitSql('trino', recipe([model]))).toThrow(/rule "scored" is a learned cash-application model/);
    expect(() => emitSql('snowflake', everything)).toThrow(/--emit-sql takes postgres, trino, spark/);
  });

  it('is reached through kalla recon, which needs a recipe for it', async () => {
    const sb = sandbox();
    try {
      const path = sb.file('recipe.json', JSON.stringify(everything));
      let out = '';
      let err = '';
      const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };
      expect(await runReconCli(['--emit-sql', 'spark', '--recipe', path, '--left', 'fin.ledger', '--right', 'fin.bank'], io)).toBe(0);
      expect(out).toBe(spark);
      expect(await runReconCli(['--emit-sql', 'trino'], io)).toBe(1);
      expect(err).toContain('--emit-sql needs --recipe F.json');
    } finally {
      sb.cleanup();
    }
  });
});
