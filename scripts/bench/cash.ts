/**
 * `npm run bench:recon -- --workload cash [--rows N] [--seed S] [--variant tune|heldout|noisy|both] [--keep]`
 *
 * Issue 14's measure: an open-invoice list against a bank statement, run the
 * way `kalla recon` runs without a recipe (buildAutoRecipe: detected mappings
 * and suggested rules), scored per case against ground truth. Prints, per
 * case, recall of auto matches and of auto + suggested, and precision of
 * both; then the totals, for the tuning variant and the held-out one.
 * Also the suggestion again on the reopened workspace (learned facts are kept per source content:
 * learn-cache.ts) and, with `--cli`, the same files through `kalla recon` (no recipe, csv + xlsx +
 * parquet + evidence) as a real process, timed by GNU time.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildAutoRecipe } from '../../src/main/reconcile/engine/auto-recipe';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { phaseCpu } from './phase-cpu';
import { generateCash, NEGATIVE_CASES, type CashVariant, type TruthRow } from './cash-data';

async function writeLines(path: string, header: string, lines: string[]): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${header}\n`);
  for (let i = 0; i < lines.length; i += 10_000) await write(`${lines.slice(i, i + 10_000).join('\n')}\n`);
  await new Promise<void>((r) => out.end(() => r()));
}

const truthLine = (side: 'left' | 'right') => (t: TruthRow, i: number) => `${side},${i + 1},${t.label},${t.kase},${t.dup ? 1 : 0}`;

interface CaseFigures {
  kase: string;
  expected: number;
  allRows: number;
  auto: number;
  autoSuggested: number;
  predictedAuto: number;
  correctAuto: number;
  predictedAll: number;
  correctAll: number;
}

/** Load average of the (shared) machine, printed next to every figure. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * `kalla recon` without a recipe, every export format, as a real process: wall seconds, CPU seconds and
 * peak RSS (GNU time), and wall / CPU seconds per phase (recon-cli-phases.ts).
 */
function runCli(leftPath: string, rightPath: string, out: string): { s: number; cpu: number; rssMiB: number; phases: string } {
  rmSync(out, { recursive: true, force: true });
  const entry = join(import.meta.dirname, 'recon-cli-phases.ts');
  const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
  const res = spawnSync('/usr/bin/time', ['-f', 'KALLA_TIME %e %M %U %S', tsx, entry, '--left', leftPath, '--right', rightPath, '--out', out, '--format', 'csv,xlsx,parquet', '--overwrite'], { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 });
  const m = /KALLA_TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(res.stderr ?? '');
  if (res.status !== 0 || !m) throw new Error(`kalla recon failed (${res.status}): ${res.stderr}`);
  const p = /KALLA_PHASES (.*)/.exec(res.stderr ?? '');
  const list = p ? (JSON.parse(p[1]!) as Array<{ phase: string; wall: number; cpu: number }>) : [];
  const phases = list.map((x) => `${x.phase} ${x.wall.toFixed(2)} s / cpu ${x.cpu.toFixed(2)}`).join(', ');
  return { s: Number(m[1]), cpu: Number(m[3]) + Number(m[4]), rssMiB: Number(m[2]) / 1024, phases };
}

async function runVariant(rows: number, seed: number, variant: CashVariant, baseDir: string, cli = false): Promise<string[]> {
  const dir = join(baseDir, variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = generateCash(rows, seed, variant);
  const leftPath = join(dir, 'invoices.csv');
  const rightPath = join(dir, 'bank.csv');
  const truthPath = join(dir, 'truth.csv');
  await writeLines(leftPath, data.leftHeader, data.left);
  await writeLines(rightPath, data.rightHeader, data.right);
  await writeLines(truthPath, 'side,row_id,label,kase,dup', [...data.leftTruth.map(truthLine('left')), ...data.rightTruth.map(truthLine('right'))]);

  const loadBefore = load();
  const ws = await ReconEngine.open(join(dir, 'workspace'));
  const t0 = performance.now();
  await Promise.all([ws.addSourceFromPath('left', leftPath), ws.addSourceFromPath('right', rightPath)]);
  const tLoad = performance.now();
  const auto = await buildAutoRecipe(ws, `cash-${variant}`);
  const tDetect = performance.now();
  const cpu = phaseCpu();
  const result = await ws.run(auto.recipe, { onProgress: cpu.onProgress });
  const tRun = performance.now();
  ws.close();
  // The suggestion again after reopening the workspace (the app restarted): learned facts are stored per source content.
  const loadAgain = load();
  const again = await ReconEngine.open(join(dir, 'workspace'));
  const tAgain = performance.now();
  await buildAutoRecipe(again, `cash-${variant}`);
  const againMs = performance.now() - tAgain;
  again.close();

  const instance = await DuckDBInstance.create(join(dir, 'workspace', 'recon.duckdb'));
  const conn = await instance.connect();
  const q = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson();
  // Of a duplicated bank line exactly one copy may match, either one: recall counts that bank payment once
  // (unit side:label) whichever copy matched; every other row is its own unit.
  await conn.run(`CREATE TEMP TABLE truth AS SELECT side, row_id, nullif(label, '') AS label, kase, dup = 1 AS dup,
      CASE WHEN kase = 'duplicate_line' THEN side || ':' || label ELSE side || ':' || row_id END AS unit
    FROM read_csv('${truthPath}', header = true, types = {'label': 'VARCHAR', 'kase': 'VARCHAR', 'side': 'VARCHAR'})`);
  await conn.run(`CREATE TEMP TABLE pred AS
    SELECT u.group_id, u.status, u.side, u.row_id, t.label, t.kase FROM (
      SELECT group_id, status, 'left' AS side, unnest(left_ids) AS row_id FROM match_groups WHERE run_id = ${result.run_id} AND status IN ('auto','manual','accepted','suggested')
      UNION ALL SELECT group_id, status, 'right', unnest(right_ids) FROM match_groups WHERE run_id = ${result.run_id} AND status IN ('auto','manual','accepted','suggested')) u
    LEFT JOIN truth t ON t.side = u.side AND t.row_id = u.row_id`);
  // A matched row is correct when every row of its group carries the same non-empty ground-truth label.
  await conn.run(`CREATE TEMP TABLE scored AS
    WITH g AS (SELECT group_id, count(DISTINCT label) AS labels, count(*) FILTER (WHERE label IS NULL) AS unlabeled FROM pred GROUP BY group_id)
    SELECT p.*, (g.labels = 1 AND g.unlabeled = 0) AS correct FROM pred p JOIN g USING (group_id)`);
  const perCase = (await q(`
    SELECT t.kase,
      count(DISTINCT t.unit) FILTER (WHERE t.label IS NOT NULL) AS expected,
      count(DISTINCT t.unit) FILTER (WHERE t.label IS NOT NULL AND s.correct AND s.status <> 'suggested') AS auto,
      count(DISTINCT t.unit) FILTER (WHERE t.label IS NOT NULL AND s.correct) AS auto_suggested,
      count(*) AS all_rows,
      count(*) FILTER (WHERE s.status IS NOT NULL AND s.status <> 'suggested') AS predicted_auto,
      count(*) FILTER (WHERE s.correct AND s.status <> 'suggested') AS correct_auto,
      count(*) FILTER (WHERE s.status IS NOT NULL) AS predicted_all,
      count(*) FILTER (WHERE s.correct) AS correct_all
    FROM truth t LEFT JOIN scored s ON s.side = t.side AND s.row_id = t.row_id
    GROUP BY t.kase ORDER BY t.kase`)).map(
    (r): CaseFigures => ({
      kase: String(r.kase),
      expected: Number(r.expected),
      allRows: Number(r.all_rows),
      auto: Number(r.auto),
      autoSuggested: Number(r.auto_suggested),
      predictedAuto: Number(r.predicted_auto),
      correctAuto: Number(r.correct_auto),
      predictedAll: Number(r.predicted_all),
      correctAll: Number(r.correct_all),
    }),
  );
  conn.closeSync();
  instance.closeSync();

  const cliRun = cli ? { load: load(), ...runCli(leftPath, rightPath, join(dir, 'cli-out')) } : null;
  const pct = (a: number, b: number) => (b === 0 ? '     –  ' : `${((a / b) * 100).toFixed(2).padStart(7)}%`);
  const sum = (k: Exclude<keyof CaseFigures, 'kase'>) => perCase.reduce((s, c) => s + c[k], 0);
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const out = [
    `── variant ${variant} (seed ${seed}): ${data.left.length.toLocaleString('en')} invoices × ${data.right.length.toLocaleString('en')} bank lines, no hand-written recipe`,
    `load ${f(tLoad - t0)}, detect (mappings + rules) ${f(tDetect - tLoad)}, run ${f(tRun - tDetect)}, end to end ${f(tRun - t0)} (load average ${loadBefore})`,
    `detect again on the reopened workspace (learned facts kept per source content): ${f(againMs)} (load average ${loadAgain})`,
    ...(cliRun
      ? [
          `kalla recon, no recipe, csv+xlsx+parquet+evidence: ${cliRun.s.toFixed(2)} s, CPU ${cliRun.cpu.toFixed(2)} s, peak RSS ${Math.round(cliRun.rssMiB)} MiB (load average ${cliRun.load})`,
          `kalla recon phases (wall / CPU seconds): ${cliRun.phases}`,
        ]
      : []),
    `rules proposed: ${auto.recipe.rules.map((r) => `${r.id}${r.auto_confirm ? ' (auto)' : ' (suggest)'}`).join(', ') || 'none'}`,
    `groups per rule: ${result.summary.per_rule.map((r) => `${r.rule_id} ${r.groups}`).join(', ')}`,
    `run phases: ${result.phases.map((p) => `${p.phase} ${(p.ms / 1000).toFixed(2)} s`).join(', ')}`,
    `run phases, CPU seconds (all threads; steadier than wall time under load): ${result.phases.map((p) => `${p.phase} ${(cpu.seconds.get(p.phase) ?? 0).toFixed(2)}`).join(', ')}, total ${cpu.total().toFixed(2)}`,
    `${'case'.padEnd(20)} ${'rows'.padStart(8)} ${'recall auto'.padStart(12)} ${'auto+sugg'.padStart(10)} ${'prec auto'.padStart(10)} ${'prec all'.padStart(10)}`,
    ...perCase
      .filter((c) => !NEGATIVE_CASES.has(c.kase as never))
      .map(
        (c) =>
          `${c.kase.padEnd(20)} ${String(c.expected).padStart(8)} ${pct(c.auto, c.expected).padStart(12)} ${pct(c.autoSuggested, c.expected).padStart(10)} ${pct(c.correctAuto, c.predictedAuto).padStart(10)} ${pct(c.correctAll, c.predictedAll).padStart(10)}`,
      ),
    `${'total'.padEnd(20)} ${String(sum('expected')).padStart(8)} ${pct(sum('auto'), sum('expected')).padStart(12)} ${pct(sum('autoSuggested'), sum('expected')).padStart(10)} ${pct(sum('correctAuto'), sum('predictedAuto')).padStart(10)} ${pct(sum('correctAll'), sum('predictedAll')).padStart(10)}`,
    ...perCase
      .filter((c) => NEGATIVE_CASES.has(c.kase as never))
      .map((c) => `must not match: ${c.kase.padEnd(16)} ${String(c.allRows).padStart(7)} rows, matched anyway: ${c.predictedAuto} auto, ${c.predictedAll} auto+suggested`),
    `(rows = matchable rows of both sides, duplicate bank lines not counted; precision per case is over matched rows of that case, negatives included)`,
  ];
  return out;
}

export async function runCashBench(opts: { rows: number; seed: number; variant: string; dir: string; keep: boolean; cli?: boolean }): Promise<void> {
  const variants: CashVariant[] = opts.variant === 'both' ? ['tune', 'heldout'] : [opts.variant as CashVariant];
  for (const v of variants) if (v !== 'tune' && v !== 'heldout' && v !== 'noisy') throw new Error(`--variant must be tune, heldout, noisy or both (got "${v}")`);
  for (const v of variants) process.stdout.write(`${(await runVariant(opts.rows, opts.seed, v, opts.dir, opts.cli)).join('\n')}\n`);
  if (!opts.keep) rmSync(opts.dir, { recursive: true, force: true });
}
