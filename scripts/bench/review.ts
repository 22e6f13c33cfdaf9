/**
 * Bulk review benchmark (issue 15, "select all" over a filtered 100k result):
 * `npm run bench:recon -- --workload review [--rows 100000]`.
 * ROWS invoice/payment pairs whose dates differ by a day, so every pair is a suggestion. Half the
 * payments say "GmbH" (the filter). The baseline, in the same process: accepting 300 groups one by
 * one, as every review was before (one transaction per group). Then "select all" over the filter
 * and one bulk accept of every matching group, and its undo. Prints both and the ratio of the
 * per-group rate (extrapolated to the same count) to the bulk time.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import type { Recipe } from '../../src/shared/reconcile/recipe';

export async function runReviewBench(opts: { rows: number; dir: string; keep: boolean }): Promise<void> {
  const { rows, dir } = opts;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const day = (i: number, shift: number) => `2026-03-${String((i % 20) + 1 + shift).padStart(2, '0')}`;
  const invoices = ['invoice_no,customer,invoice_date,amount'];
  const bank = ['ref;counterparty;booking_date;amount'];
  for (let i = 0; i < rows; i++) {
    const amount = (100 + (i % 9000) * 1.37).toFixed(2);
    const who = `Customer ${i % 500} ${i % 2 ? 'GmbH' : 'Ltd'}`;
    invoices.push(`INV-${100000 + i},${who},${day(i, 0)},${amount}`);
    bank.push(`INV-${100000 + i};${who.toUpperCase()};${day(i, 1)};${amount}`);
  }
  writeFileSync(join(dir, 'invoices.csv'), `${invoices.join('\n')}\n`);
  writeFileSync(join(dir, 'bank.csv'), `${bank.join('\n')}\n`);
  const engine = await ReconEngine.open(join(dir, 'ws'));
  await engine.addSourceFromPath('left', join(dir, 'invoices.csv'));
  await engine.addSourceFromPath('right', join(dir, 'bank.csv'));
  const recipe: Recipe = {
    version: 2,
    name: 'review bench',
    left: { alias: 'invoices', read: { skip_bad_lines: false, column_overrides: {} } },
    right: { alias: 'bank', read: { skip_bad_lines: false, column_overrides: {} } },
    mappings: [],
    filters: [],
    rules: [
      {
        id: 'ref',
        name: 'reference, date within 3 days',
        keys: [{ left: 'invoice_no', right: 'ref', normalisers: [] }],
        amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
        date: { left: 'invoice_date', right: 'booking_date', window_days: 3 },
        cardinality: '1:1',
        auto_confirm: false,
      },
    ],
  };
  const { run_id, summary } = await engine.run(recipe);
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

  const BASELINE = 300;
  const first = await engine.groupIds(run_id, 'suggested', 'ltd', BASELINE);
  const t0 = performance.now();
  for (const g of first.ids) await engine.accept(run_id, g);
  const perGroup = (performance.now() - t0) / first.ids.length;

  const t1 = performance.now();
  const all = await engine.groupIds(run_id, 'suggested', 'gmbh', 1_000_000);
  const selectMs = performance.now() - t1;
  const t2 = performance.now();
  const done = await engine.reviewMany(run_id, 'accept', all.ids);
  const bulkMs = performance.now() - t2;
  const t3 = performance.now();
  const undone = await engine.undoReview(run_id);
  const undoMs = performance.now() - t3;
  engine.close();
  const lines = [
    `suggestions: ${summary.suggested_groups.toLocaleString('en')} (${rows.toLocaleString('en')} pairs)`,
    `baseline, one accept per group: ${perGroup.toFixed(1)} ms per group (${first.ids.length} groups); ${all.total.toLocaleString('en')} groups that way ≈ ${f(perGroup * all.total)}`,
    `select all over "gmbh":  ${f(selectMs)} (${all.total.toLocaleString('en')} groups)`,
    `bulk accept:             ${f(bulkMs)} (${done.done.toLocaleString('en')} accepted, ${done.failed.length} refused)`,
    `undo of the bulk accept: ${f(undoMs)} (${undone?.count.toLocaleString('en')} groups back to suggested)`,
    `ratio (per-group ≈ / bulk): ${((perGroup * all.total) / bulkMs).toFixed(0)}×`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!opts.keep) rmSync(dir, { recursive: true, force: true });
}
