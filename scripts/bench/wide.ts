/**
 * Wide-file benchmark (issue 13, item 12): `npm run bench:recon -- --workload wide [--cols 5000] [--rows 50]`.
 * Loads a COLS × ROWS CSV (numbers, dates, text, integers) through ReconEngine and prints each load
 * phase; then, as the baseline in the same process, computes the detection statistics of the same
 * raw table side by side (one aggregate per column: the way every file was typed before) and prints
 * the ratio of the stacked detection to it. Goal: the whole load of 5,000 × 50 in ≤ 10 s.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Db } from '../../src/main/reconcile/engine/db';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { installMacros } from '../../src/main/reconcile/engine/macros';
import { readStats } from '../../src/main/reconcile/engine/typing';

export async function runWideBench(opts: { cols: number; rows: number; dir: string; keep: boolean }): Promise<void> {
  const { cols, rows, dir } = opts;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const cell = (r: number, i: number) => [`${(r * 1.5 + i).toFixed(2)}`, `2026-01-${String(1 + (r % 28)).padStart(2, '0')}`, `text ${r}`, String(r + i)][i % 4];
  const lines = [Array.from({ length: cols }, (_, i) => `col_${i}`).join(',')];
  for (let r = 0; r < rows; r++) lines.push(Array.from({ length: cols }, (_, i) => cell(r, i)).join(','));
  const file = join(dir, 'wide.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);

  const started = performance.now();
  const engine = await ReconEngine.open(join(dir, 'ws'));
  const info = await engine.addSourceFromPath('left', file);
  const total = performance.now() - started;
  engine.close();
  const detect = info.timings?.find((t) => t.phase === 'detect')?.ms ?? Number.NaN;

  // Baseline: the side-by-side statistics over the same values, in this process.
  const db = await Db.open(':memory:');
  await installMacros(db);
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_csv(${`'${file.replaceAll("'", "''")}'`}, all_varchar = true, header = true)`);
  const names = Array.from({ length: cols }, (_, i) => `col_${i}`);
  const t0 = performance.now();
  await readStats(db, 'raw', names, null, true);
  const stacked = performance.now() - t0;
  const t1 = performance.now();
  await readStats(db, 'raw', names, null, false);
  const side = performance.now() - t1;
  db.close();

  const types = info.columns.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.type]: (acc[c.type] ?? 0) + 1 }), {});
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(
    [
      `wide file: ${cols.toLocaleString('en')} columns × ${rows} rows`,
      `load (open + add source): ${f(total)}  (goal ≤ 10 s)`,
      `  phases: ${(info.timings ?? []).map((t) => `${t.phase} ${t.ms} ms`).join(', ')}`,
      `  types: ${JSON.stringify(types)}; detection in the load ${detect} ms`,
      `detection statistics stacked: ${f(stacked)}; baseline side by side: ${f(side)}; ratio ${(stacked / side).toFixed(3)}×`,
    ].join('\n') + '\n',
  );
  if (!opts.keep) rmSync(dir, { recursive: true, force: true });
}
