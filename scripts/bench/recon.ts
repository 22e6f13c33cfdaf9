/**
 * Reconciliation benchmark: `npm run bench:recon -- --rows N [--keep] [--reuse] [--dir D] [--export] [--cli] [--profile] [--engine duckdb|postgres] [--workload ledger|cash|wide]`
 * (`--engine postgres`: the recipe runs inside a PostgreSQL started for the bench: scripts/bench/recon-postgres.ts)
 * (`--export`: time each export format, then all at once; `--cli`: the same files through `kalla recon` with every format)
 * (`--workload cash`: see scripts/bench/cash.ts; `--workload wide [--cols C] [--rows R]`: scripts/bench/wide.ts)
 *
 * Generates left (ledger) and right (bank) CSVs of N rows each with ground
 * truth — exact 1:1, 1:1 with amount/date noise, split payments (1:N), batch
 * payments (N:1), unmatched on both sides, near-miss decoys (same reference,
 * amount off by 5 %) and duplicated bank lines — then loads and reconciles
 * them with ReconEngine, and prints elapsed time per phase, rows/s, peak
 * RSS, precision and recall against the ground truth, and the ratio to a
 * baseline (a raw DuckDB exact-key join over the same files, same process).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Recipe } from '../../src/shared/reconcile/recipe';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { runCashBench } from './cash';
import { runPostgresBench } from './recon-postgres';
import { runReviewBench } from './review';
import { mulberry32 } from './worlds/mulberry32';
import { phaseCpu } from './phase-cpu';
import { runWideBench } from './wide';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    export: { type: 'boolean', default: false },
    seed: { type: 'string', default: '42' },
    reuse: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    // cash: issue 14's cash-application workload (scripts/bench/cash.ts), run without a hand-written recipe.
    workload: { type: 'string', default: 'ledger' },
    variant: { type: 'string', default: 'both' },
    cols: { type: 'string', default: '5000' },
    // --cli: also run the same files through `kalla recon` (a real process) with every export format.
    cli: { type: 'boolean', default: false },
    // --engine postgres: the recipe runs inside a PostgreSQL server started for the bench (scripts/bench/recon-postgres.ts).
    engine: { type: 'string', default: 'duckdb' },
  },
});
const N = Number(values.rows);
const dir = values.dir ?? join(tmpdir(), `kalla-bench-recon-${N}`);


interface Row {
  ref: string;
  cents: number;
  day: number; // days since 2024-01-01
  label: string; // ground-truth group ('' = should stay unmatched)
  dup?: boolean;
}

const BASE = Date.UTC(2024, 0, 1);
const iso = (day: number) => new Date(BASE + day * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: number) => {
  const d = new Date(BASE + day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const plain = (cents: number) => (cents < 0 ? '-' : '') + `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const thousands = (cents: number) => {
  const [int, frac] = plain(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

function generate(n: number, seed: number): { left: Row[]; right: Row[] } {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const left: Row[] = [];
  const right: Row[] = [];
  let g = 0;
  const ref = (k: number) => `INV-${String(k).padStart(8, '0')}`;
  while (left.length < n) {
    const kind = rnd();
    const k = ++g;
    const label = `g${k}`;
    const cents = int(1_000, 5_000_000);
    const day = int(0, 360);
    if (kind < 0.68) {
      left.push({ ref: ref(k), cents, day, label });
      right.push({ ref: ref(k), cents, day, label });
    } else if (kind < 0.82) {
      left.push({ ref: ref(k), cents, day, label });
      right.push({ ref: ref(k), cents: cents + int(-1, 1), day: day + int(0, 3), label });
    } else if (kind < 0.86) {
      // split: one ledger line paid in 2–4 bank lines
      left.push({ ref: ref(k), cents, day, label });
      const parts = int(2, 4);
      let rest = cents;
      for (let p = 0; p < parts; p++) {
        const part = p === parts - 1 ? rest : Math.floor(rest / (parts - p)) + int(-50, 50);
        rest -= part;
        right.push({ ref: ref(k), cents: part, day: day + int(0, 2), label });
      }
    } else if (kind < 0.9) {
      // batch: 2–4 ledger lines settled by one bank line
      const parts = int(2, 4);
      let total = 0;
      for (let p = 0; p < parts; p++) {
        const part = int(1_000, 1_000_000);
        total += part;
        left.push({ ref: ref(k), cents: part, day: day - int(0, 2), label });
      }
      right.push({ ref: ref(k), cents: total, day, label });
    } else if (kind < 0.93) {
      left.push({ ref: ref(k), cents, day, label: '' });
    } else if (kind < 0.96) {
      right.push({ ref: ref(k), cents, day, label: '' });
    } else if (kind < 0.98) {
      // near-miss decoy: same reference, amount 5 % off → exception, not a match
      left.push({ ref: ref(k), cents, day, label: '' });
      right.push({ ref: ref(k), cents: Math.round(cents * 1.05), day, label: '' });
    } else {
      // duplicate bank line: exactly one of the two may match
      left.push({ ref: ref(k), cents, day, label });
      right.push({ ref: ref(k), cents, day, label });
      right.push({ ref: ref(k), cents, day, label, dup: true });
    }
  }
  // Bank files come in their own order.
  for (let i = right.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [right[i], right[j]] = [right[j], right[i]];
  }
  // Splits add bank lines, so the bank file is a little longer than the ledger; nothing is cut (cutting would orphan ground truth).
  return { left, right };
}

function countLines(path: string): number {
  let n = 0;
  const data = readFileSync(path);
  for (let i = 0; i < data.length; i++) if (data[i] === 10) n++;
  return n;
}

async function writeCsv(path: string, header: string, rows: Row[], line: (r: Row, i: number) => string): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${header}\n`);
  let buf: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    buf.push(line(rows[i], i));
    if (buf.length === 10_000) {
      await write(`${buf.join('\n')}\n`);
      buf = [];
    }
  }
  if (buf.length > 0) await write(`${buf.join('\n')}\n`);
  await new Promise<void>((r) => out.end(() => r()));
}

const recipe: Recipe = {
  version: 2,
  name: 'bench',
  left: { alias: 'ledger', read: { skip_bad_lines: false, column_overrides: {} } },
  right: { alias: 'bank', read: { skip_bad_lines: false, column_overrides: {} } },
  mappings: [],
  filters: [],
  rules: ['1:1', '1:N', 'N:1'].map((cardinality) => ({
    id: `ref_${cardinality.replace(':', '')}`,
    name: `reference ${cardinality}`,
    keys: [{ left: 'reference', right: 'ref', normalisers: [{ kind: 'alnum' }, { kind: 'casefold' }] }],
    amount: { left: 'amount', right: 'value', tolerance_abs: 0.02, tolerance_pct: 0, flip_sign: false },
    date: { left: 'posting_date', right: 'booked', window_days: cardinality === '1:1' ? 3 : 5 },
    cardinality: cardinality as '1:1',
    auto_confirm: true,
  })),
};

async function baseline(leftPath: string, rightPath: string): Promise<{ ms: number; cpuS: number; pairs: number }> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const reader = await conn.runAndReadAll(
    `SELECT count(*) AS n FROM read_csv('${leftPath}') l JOIN read_csv('${rightPath}') r ON lower(regexp_replace(l.reference, '[^A-Za-z0-9]', '', 'g')) = lower(regexp_replace(r.ref, '[^A-Za-z0-9]', '', 'g'))`,
  );
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu0);
  const pairs = Number(reader.getRowObjectsJson()[0].n);
  conn.closeSync();
  instance.closeSync();
  return { ms, cpuS: (used.user + used.system) / 1e6, pairs };
}

/** Load average of the (shared) machine, printed next to every figure. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * `kalla recon` as a real process (src/cli/recon.ts through tsx) with csv, xlsx, parquet and evidence,
 * timed and measured by GNU time (wall seconds, peak RSS of the process tree's largest member).
 */
function runCli(leftPath: string, rightPath: string): { ms: number; rssMiB: number; out: string } {
  const recipePath = join(dir, 'recipe.json');
  writeFileSync(recipePath, JSON.stringify(recipe));
  const out = join(dir, 'cli-out');
  rmSync(out, { recursive: true, force: true });
  const entry = join(import.meta.dirname, 'recon-cli-entry.ts');
  const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  const res = spawnSync('/usr/bin/time', ['-f', 'KALLA_TIME %e %M', tsx, entry, '--left', leftPath, '--right', rightPath, '--recipe', recipePath, '--out', out, '--format', 'csv,xlsx,parquet', '--overwrite'], { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 });
  const m = /KALLA_TIME ([\d.]+) (\d+)/.exec(res.stderr ?? '');
  if (res.status !== 0 || !m) throw new Error(`kalla recon failed (${res.status}): ${res.stderr}`);
  return { ms: Number(m[1]) * 1000, rssMiB: Number(m[2]) / 1024, out: res.stdout.trim().split('\n').slice(-3).join(' / ') };
}

async function main(): Promise<void> {
  const leftPath = join(dir, 'ledger.csv');
  const rightPath = join(dir, 'bank.csv');
  const truthPath = join(dir, 'truth.csv');
  const tGen = performance.now();
  let leftCount: number;
  let rightCount: number;
  if (values.reuse && existsSync(truthPath)) {
    // --reuse (with --keep before): same files as last time, for iterating on the engine.
    rmSync(join(dir, 'workspace'), { recursive: true, force: true });
    leftCount = countLines(leftPath) - 1;
    rightCount = countLines(rightPath) - 1;
  } else {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { left, right } = generate(N, Number(values.seed));
  await writeCsv(leftPath, 'reference,posting_date,amount,description', left, (r, i) => `${r.ref},${dmy(r.day)},${plain(r.cents)},Ledger line ${i + 1}`);
  await writeCsv(rightPath, 'ref;booked;value;memo', right, (r) => `${r.ref.replace('-', '').toLowerCase()};${iso(r.day)};"${thousands(r.cents)}";Transfer ${r.ref}`);
  await writeCsv(truthPath, 'side,row_id,label,dup', [...left, ...right], (r, i) => (i < left.length ? `left,${i + 1},${r.label},0` : `right,${i - left.length + 1},${r.label},${r.dup ? 1 : 0}`));
  leftCount = left.length;
  rightCount = right.length;
  }
  const genMs = performance.now() - tGen;
  if (values.engine === 'postgres') {
    const lines = await runPostgresBench({ left: leftPath, right: rightPath, truth: truthPath, dir }, recipe);
    process.stdout.write(`${[`generated in ${(genMs / 1000).toFixed(2)} s (not counted)`, ...lines].join('\n')}\n`);
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
    return;
  }

  const loadBefore = load();
  const base = await baseline(leftPath, rightPath);

  const ws = await ReconEngine.open(join(dir, 'workspace'));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  // Both files load at once, as `kalla recon` loads them (each side on its own connection).
  const timed = async (side: 'left' | 'right', path: string) => {
    const info = await ws.addSourceFromPath(side, path);
    return { info, ms: performance.now() - t0 };
  };
  const [{ info: leftInfo, ms: leftMs }, { info: rightInfo, ms: rightMs }] = await Promise.all([timed('left', leftPath), timed('right', rightPath)]);
  const tRight = performance.now();
  const loadCpu = process.cpuUsage(cpu0);
  const cpu = phaseCpu();
  const result = await ws.run(recipe, { onProgress: cpu.onProgress });
  const tRun = performance.now();
  const cpuUsed = process.cpuUsage(cpu0);
  const cpuS = (cpuUsed.user + cpuUsed.system) / 1e6;
  // Column profiles (what the Sources step shows), after the run so they do not count in it.
  const profileMs: number[] = [];
  if (values.profile) {
    for (const side of ['left', 'right'] as const) {
      const tp = performance.now();
      await ws.profile(side);
      profileMs.push(performance.now() - tp);
    }
  }
  // --export: each format on its own (so each has its own time), then all of them at once.
  const exportMs: Array<{ formats: string; ms: number }> = [];
  if (values.export) {
    const out = join(dir, 'export');
    mkdirSync(out, { recursive: true });
    for (const formats of [['csv'], ['xlsx'], ['parquet'], ['evidence'], ['csv', 'xlsx', 'parquet', 'evidence']] as const) {
      const te = performance.now();
      await ws.export(result.run_id, { dir: out, formats: [...formats], overwrite: true });
      exportMs.push({ formats: formats.join('+'), ms: performance.now() - te });
    }
  }
  ws.close();

  // Quality against ground truth, computed by DuckDB over the workspace results.
  const instance = await DuckDBInstance.create(join(dir, 'workspace', 'recon.duckdb'));
  const conn = await instance.connect();
  const q = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson();
  await conn.run(`CREATE TEMP TABLE truth AS SELECT side, row_id, nullif(label, '') AS label, dup = 1 AS dup FROM read_csv('${truthPath}', header = true, all_varchar = false, types = {'label': 'VARCHAR'})`);
  await conn.run(`CREATE TEMP TABLE pred AS
    SELECT m.group_id, u.side, u.row_id, t.label FROM (
      SELECT group_id, 'left' AS side, unnest(left_ids) AS row_id FROM match_groups WHERE run_id = ${result.run_id} AND status IN ('auto','manual','accepted','suggested')
      UNION ALL SELECT group_id, 'right', unnest(right_ids) FROM match_groups WHERE run_id = ${result.run_id} AND status IN ('auto','manual','accepted','suggested')) u
    JOIN (SELECT DISTINCT group_id FROM match_groups WHERE run_id = ${result.run_id}) m USING (group_id)
    LEFT JOIN truth t ON t.side = u.side AND t.row_id = u.row_id`);
  // A matched row is correct when every row of its group carries its (non-empty) ground-truth label.
  const [quality] = await q(`
    WITH g AS (SELECT group_id, count(DISTINCT label) AS labels, count(*) FILTER (WHERE label IS NULL) AS unlabeled FROM pred GROUP BY group_id),
    rows AS (SELECT p.*, (g.labels = 1 AND g.unlabeled = 0) AS correct FROM pred p JOIN g USING (group_id))
    SELECT count(*) AS predicted, count(*) FILTER (WHERE correct) AS correct,
      (SELECT count(*) FROM truth WHERE label IS NOT NULL AND NOT dup) AS expected FROM rows`);
  conn.closeSync();
  instance.closeSync();
  const predicted = Number(quality.predicted);
  const correct = Number(quality.correct);
  const expected = Number(quality.expected);

  const loadAfter = load();
  const cli = values.cli ? { load: load(), ...runCli(leftPath, rightPath) } : null;
  const total = tRun - t0;
  const rss = process.resourceUsage().maxRSS / 1024;
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const fmtMb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
  const s = result.summary;
  const lines = [
    `rows: left ${leftCount.toLocaleString('en')} × right ${rightCount.toLocaleString('en')} (generated in ${f(genMs)}, not counted)`,
    `load both:        ${f(tRight - t0)}  (in parallel; CPU ${((loadCpu.user + loadCpu.system) / 1e6).toFixed(2)} s)`,
    `  left  done at   ${f(leftMs)}  (${(leftInfo.timings ?? []).map((t) => `${t.phase} ${f(t.ms)}`).join(', ')})`,
    `  right done at   ${f(rightMs)}  (${(rightInfo.timings ?? []).map((t) => `${t.phase} ${f(t.ms)}`).join(', ')})`,
    ...result.phases.map((p) => `run ${p.phase.padEnd(14)} ${f(p.ms)}  (CPU ${(cpu.seconds.get(p.phase) ?? 0).toFixed(2)} s)`),
    `run total:        ${f(tRun - tRight)}`,
    `end to end:       ${f(total)}  (${Math.round((leftCount + rightCount) / (total / 1000)).toLocaleString('en')} rows/s)`,
    ...exportMs.map((e) => `export ${e.formats.padEnd(11)} ${f(e.ms)}`),
    ...(values.profile ? [`profile:          left ${f(profileMs[0])} (${fmtMb(leftInfo.size_bytes)}), right ${f(profileMs[1])} (${fmtMb(rightInfo.size_bytes)})`] : []),
    `baseline (raw DuckDB exact-key join over the same files): ${f(base.ms)} (${base.pairs.toLocaleString('en')} pairs); ratio ${(total / base.ms).toFixed(1)}×`,
    `CPU seconds (all threads; steadier than wall time on a loaded machine): end to end ${cpuS.toFixed(2)}, raw join ${base.cpuS.toFixed(2)}; ratio ${(cpuS / base.cpuS).toFixed(1)}×`,
    `peak RSS:         ${Math.round(rss)} MiB`,
    ...(cli ? [`kalla recon (csv,xlsx,parquet,evidence): ${f(cli.ms)}, peak RSS ${Math.round(cli.rssMiB)} MiB; ratio ${(cli.ms / base.ms).toFixed(1)}× the raw join (load ${cli.load})`] : []),
    `load average (1/5/15 min): ${loadBefore} before, ${loadAfter} after (2 cores shared: compare figures only at similar load)`,
    `groups: ${s.matched_groups} matched, ${s.suggested_groups} suggested; exceptions ${s.exceptions.left.count}/${s.exceptions.right.count}; unmatched ${s.unmatched.left.count}/${s.unmatched.right.count}; match rate ${(s.match_rate * 100).toFixed(2)} %`,
    `precision: ${((correct / Math.max(1, predicted)) * 100).toFixed(3)} %  (${correct}/${predicted} matched rows correct)`,
    `recall:    ${((correct / Math.max(1, expected)) * 100).toFixed(3)} %  (${correct}/${expected} matchable rows matched correctly)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}

const entry =
  values.workload === 'wide'
    ? runWideBench({ cols: Number(values.cols), rows: values.rows === '100000' ? 50 : N, dir: values.dir ?? join(tmpdir(), 'kalla-bench-wide'), keep: values.keep })
    : values.workload === 'review'
      ? runReviewBench({ rows: N, dir: values.dir ?? join(tmpdir(), `kalla-bench-review-${N}`), keep: values.keep })
      : values.workload === 'cash' ? runCashBench({ rows: N, seed: Number(values.seed), variant: values.variant ?? 'both', dir: values.dir ?? join(tmpdir(), `kalla-bench-cash-${N}`), keep: values.keep, cli: values.cli }) : main();
entry.catch((error: unknown) => {
  process.stderr.write(`bench:recon failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
