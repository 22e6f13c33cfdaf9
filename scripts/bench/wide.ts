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
import { buildAutoRecipe } from '../../src/main/reconcile/engine/auto-recipe';

export async function runWideBench(opts: { cols: number; rows: number; dir: string; keep: boolean }): Promise<void> {
  const { cols, rows, dir } = opts;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const cell = (r: number, i: number) => [`${(r * 1.5 + i).toFixed(2)}`, `2026-01-${String(1 + (r % 28)).padStart(2, '0')}`, `text ${r}`, String(r + i)][i % 4];
  const write = (name: string, first: number) => {
    const lines = [Array.from({ length: cols }, (_, i) => `col_${i}`).join(',')];
    for (let r = first; r < first + rows; r++) lines.push(Array.from({ length: cols }, (_, i) => cell(r, i)).join(','));
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const file = write('wide.csv', 0);
  // Half the rows again, half new: the right side shares references and amounts with the left.
  const other = write('wide-right.csv', Math.floor(rows / 2));

  const started = performance.now();
  const engine = await ReconEngine.open(join(dir, 'ws'));
  const info = await engine.addSourceFromPath('left', file);
  const total = performance.now() - started;
  const t2 = performance.now();
  await engine.addSourceFromPath('right', other);
  const loadRight = performance.now() - t2;
  const t3 = performance.now();
  const auto = await buildAutoRecipe(engine).then(
    (r) => `${r.recipe.mappings.length} mappings, ${r.recipe.rules.length} rules`,
    (e: unknown) => `failed: ${(e as Error).message.slice(0, 200)}`,
  );
  const recipeMs = performance.now() - t3;
  const rss = process.resourceUsage().maxRSS / 1024;
  engine.close();
  const detect = info.timings?.find((t) => t.phase === 'detect')?.ms ?? Number.NaN;

  // Baseline: DuckDB's floor for the same work shape, in this process: the values stacked the same
  // way (UNPIVOT) and one count per column. (Until session 21 the baseline was the side-by-side
  // statistics, which the engine no longer has: stacked was faster at every width measured.)
  const db = await Db.open(':memory:');
  await installMacros(db);
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_csv(${`'${file.replaceAll("'", "''")}'`}, all_varchar = true, header = true)`);
  const names = Array.from({ length: cols }, (_, i) => `col_${i}`);
  const t0 = performance.now();
  await readStats(db, 'raw', names, null);
  const stacked = performance.now() - t0;
  const t1 = performance.now();
  await db.all(`SELECT k, count(val) AS n FROM (UNPIVOT (SELECT ${names.map((n, i) => `"${n}"::VARCHAR AS "${i}"`).join(', ')} FROM raw) ON COLUMNS(*) INTO NAME k VALUE val) GROUP BY k`);
  const floor = performance.now() - t1;
  db.close();

  const types = info.columns.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.type]: (acc[c.type] ?? 0) + 1 }), {});
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(
    [
      `wide file: ${cols.toLocaleString('en')} columns × ${rows} rows`,
      `load (open + add source): ${f(total)}  (goal ≤ 10 s)`,
      `  phases: ${(info.timings ?? []).map((t) => `${t.phase} ${t.ms} ms`).join(', ')}`,
      `  types: ${JSON.stringify(types)}; detection in the load ${detect} ms`,
      `right side (same columns, other rows): ${f(loadRight)}`,
      `recipe without one (mappings, amount pairing, aligned sample, rules, cash learning): ${f(recipeMs)} (${auto}); goal with the load ≤ 10 s`,
      `  baseline, session 3 before the fix (5,000 × 50, two files, under load ~20): load 80–90 s, mappings 354 s, then DuckDB out of memory in the aligned sample`,
      `peak RSS: ${Math.round(rss)} MiB`,
      `detection statistics (stacked): ${f(stacked)}; baseline, the values stacked and counted: ${f(floor)}; ratio ${(stacked / floor).toFixed(2)}×`,
    ].join('\n') + '\n',
  );
  if (!opts.keep) rmSync(dir, { recursive: true, force: true });
}
