/**
 * Issue 15 (CLI): --out creates the folder, --format picks csv/xlsx/parquet, progress is drawn on
 * stderr only when it is a terminal and never with --json, --raw-csv turns the formula guard off.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReconCli } from '../../../src/cli/recon';
import { Db } from '../../../src/main/reconcile/engine/db';
import { csv, io, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

function inputs() {
  const left = sb.file('l.csv', csv('ref,amount,date,memo', ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b', 'C,7.00,2024-01-03,=1+1']));
  const right = sb.file('r.csv', csv('ref,amount,date,memo', ['A,100.00,2024-01-01,a', 'B,50.00,2024-01-02,b']));
  const recipePath = sb.file('recipe.json', JSON.stringify(recipe([refRule('exact')])));
  return ['--left', left, '--right', right, '--recipe', recipePath];
}

describe('kalla recon --out / --format / progress', () => {
  it('creates a missing --out folder (nested) and refuses a file path with a clear message', async () => {
    const out = join(sb.dir, 'new', 'nested', 'out');
    const t = io();
    expect(await runReconCli([...inputs(), '--out', out, '--json'], t.io)).toBe(0);
    expect(readdirSync(out)).toContain('matched.csv');
    const file = sb.file('not-a-folder', 'x');
    const bad = io();
    expect(await runReconCli([...inputs(), '--out', file], bad.io)).toBe(1);
    expect(bad.err.join('')).toMatch(/is a file, not a folder/);
  });

  it('--format parquet writes Parquet files DuckDB reads back, plus evidence and recipe', async () => {
    const out = join(sb.dir, 'pq');
    expect(await runReconCli([...inputs(), '--out', out, '--format', 'parquet', '--json'], io().io)).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['evidence.json', 'exceptions_left.parquet', 'exceptions_right.parquet', 'filtered_out_left.parquet', 'filtered_out_right.parquet', 'matched.parquet', 'recipe.json', 'review_log.parquet', 'suggested.parquet', 'unmatched_left.parquet', 'unmatched_right.parquet']);
    const db = await Db.open(':memory:');
    try {
      const n = await db.scalarNumber(`SELECT count(*) FROM read_parquet('${join(out, 'matched.parquet')}')`);
      expect(n).toBe(2);
      const memo = await db.one<{ memo: string }>(`SELECT memo FROM read_parquet('${join(out, 'unmatched_left.parquet')}')`);
      expect(memo?.memo).toBe('=1+1');
    } finally {
      db.close();
    }
  });

  it('rejects an unknown format as a usage error', async () => {
    const t = io();
    expect(await runReconCli([...inputs(), '--format', 'csv,pdf'], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/--format takes csv, xlsx, parquet/);
  });

  it('draws phases and row counts on a terminal stderr, nothing with --json or when not a terminal', async () => {
    const tty = io(true);
    expect(await runReconCli([...inputs(), '--out', join(sb.dir, 'a')], tty.io)).toBe(0);
    const drawn = tty.err.join('');
    expect(drawn).toMatch(/loading /);
    expect(drawn).toMatch(/running: \w+ \(\d+ %, 5 rows\)/);
    expect(drawn).toMatch(/exporting csv, xlsx, evidence/);
    expect(drawn.endsWith('\r\x1b[K')).toBe(true);
    const quiet = io(true);
    expect(await runReconCli([...inputs(), '--out', join(sb.dir, 'b'), '--json'], quiet.io)).toBe(0);
    expect(quiet.err.join('')).toBe('');
    const piped = io(false);
    expect(await runReconCli([...inputs(), '--out', join(sb.dir, 'c')], piped.io)).toBe(0);
    expect(piped.err.join('')).toBe('');
  });

  it('--raw-csv writes formula-looking cells unchanged; the default neutralises them', async () => {
    expect(await runReconCli([...inputs(), '--out', join(sb.dir, 'safe'), '--format', 'csv', '--json'], io().io)).toBe(0);
    expect(readFileSync(join(sb.dir, 'safe', 'unmatched_left.csv'), 'utf8')).toContain(`3,4,C,7.00,2024-01-03,"'=1+1"`);
    expect(await runReconCli([...inputs(), '--out', join(sb.dir, 'raw'), '--format', 'csv', '--raw-csv', '--json'], io().io)).toBe(0);
    expect(readFileSync(join(sb.dir, 'raw', 'unmatched_left.csv'), 'utf8')).toContain('3,4,C,7.00,2024-01-03,=1+1');
    expect(existsSync(join(sb.dir, 'raw', 'reconciliation.xlsx'))).toBe(false);
  });
});
