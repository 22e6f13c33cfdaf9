/**
 * Issue 27's wide pair through `kalla recon` (no recipe): "a 5,000-column file loads in seconds in
 * the CLI". Writes two COLS × ROWS CSVs like a wide ERP export — `ref, amount, date`, then amount,
 * code, date and note columns in turn (the blocks of wide-mapping-data.ts; deterministic, the same
 * files as the session-9 figures) — and with `--run` passes them through `kalla recon` as a real
 * process (recon-cli-phases.ts under GNU time) and prints CPU seconds per phase and peak RSS.
 *
 *   npx tsx scripts/bench/wide-pair.ts [--cols 5000] [--rows 50] [--dir /tmp/kalla-wide-pair] [--run] [--trace]
 *
 * `--trace` sets KALLA_RECON_TRACE=1 (every statement over 20 ms with its CPU, in <dir>/stderr).
 * The export files land in <dir>/out (csv, xlsx, parquet) for byte comparisons between trees.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    cols: { type: 'string', default: '5000' },
    rows: { type: 'string', default: '50' },
    dir: { type: 'string', default: '/tmp/kalla-wide-pair' },
    run: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const [width, rows, dir] = [Number(values.cols), Number(values.rows), resolve(values.dir!)];

/** One side's CSV text; `rnd` runs on across both sides (left first), as the session-9 generator did. */
function sideCsv(side: 'l' | 'r', rnd: () => number): string {
  const kinds = ['amt', 'code', 'day', 'note'];
  const head = ['ref', 'amount', 'date', ...Array.from({ length: width - 3 }, (_, i) => `${side}_${kinds[(i + 3) % 4]}_${i + 3}`)];
  const lines = [head.join(',')];
  const two = (n: number) => String(n).padStart(2, '0');
  for (let r = 0; r < rows; r++) {
    const row = [`INV-${1000 + r}`, (100 + r * 13.37).toFixed(2), `2026-03-${two(1 + (r % 28))}`];
    for (let i = 3; i < width; i++) {
      const k = i % 4;
      row.push(k === 0 ? (rnd() * 10000).toFixed(2) : k === 1 ? `${side.toUpperCase()}${Math.floor(rnd() * 1e6)}` : k === 2 ? `2025-${two(1 + Math.floor(rnd() * 12))}-${two(1 + Math.floor(rnd() * 28))}` : `word${Math.floor(rnd() * 50)} thing`);
    }
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

mkdirSync(dir, { recursive: true });
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const [left, right] = [join(dir, 'l.csv'), join(dir, 'r.csv')];
writeFileSync(left, sideCsv('l', rnd));
writeFileSync(right, sideCsv('r', rnd));
console.log(`wrote ${left} and ${right} (${width} columns × ${rows} rows)`);

if (values.run) {
  const out = join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  const root = resolve(import.meta.dirname, '../..');
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`load average ${load()}`);
  const res = spawnSync(
    '/usr/bin/time',
    ['-f', 'KALLA_TIME %e %M', join(root, 'node_modules/.bin/tsx'), join(root, 'scripts/bench/recon-cli-phases.ts'), '--left', left, '--right', right, '--out', join(out, 'x'), '--format', 'csv,xlsx,parquet', '--overwrite'],
    { cwd: root, encoding: 'utf8', maxBuffer: 1024 ** 3, env: { ...process.env, KALLA_RECON_TRACE: values.trace ? '1' : '0' } },
  );
  writeFileSync(join(dir, 'stdout'), res.stdout ?? '');
  writeFileSync(join(dir, 'stderr'), res.stderr ?? '');
  const phases = /KALLA_PHASES (.*)/.exec(res.stderr ?? '');
  const time = /KALLA_TIME ([\d.]+) (\d+)/.exec(res.stderr ?? '');
  for (const p of phases ? (JSON.parse(phases[1]) as Array<{ phase: string; wall: number; cpu: number }>) : []) {
    console.log(`${p.phase.padEnd(24)} CPU ${p.cpu.toFixed(1).padStart(6)} s   wall ${p.wall.toFixed(1).padStart(6)} s`);
  }
  console.log(`exit ${res.status}; ${time ? `wall ${time[1]} s, peak RSS ${Math.round(Number(time[2]) / 1024)} MiB` : 'no GNU time line'}; load average ${load()}`);
  console.log(`matched: ${(res.stdout ?? '').trim().split('\n').slice(-3).join(' / ')}`);
  if (res.status !== 0) process.exitCode = 1;
}
