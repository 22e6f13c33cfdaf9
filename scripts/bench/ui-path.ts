/**
 * `npx tsx scripts/bench/ui-path.ts [--rows 100000] [--seed 42] [--keep DIR] [--think 3] [--background on|off]`
 *
 * Issue 30's "100k drop → results in the UI", in process: the app's core (createCore, the real
 * kalla-recon server over stdio, the real DuckDB) driven the way the page drives it — both files
 * handed over as bytes (the upload's commit), the proposed mapping accepted and confirmed (which
 * suggests the rules), then the run and the first results page. Prints, per phase, wall seconds and
 * CPU seconds of this process (Node and DuckDB's threads) and of its children (the kalla-recon
 * server), read from /proc — CPU is what to compare on a shared, loaded machine.
 *
 * Between the proposal and the click the user reads the mapping: `--think S` seconds (3 by default,
 * 0 for none) of idle waiting are a phase of their own, so the work the app starts in the background
 * when it proposes the mapping (the cash learning, `prefetchCash`, and the rows the rules are read
 * off, `prefetchAlignedSample`) shows its CPU there, and the
 * "Confirm mapping → rules" phase is what the user waits for after the click. `--background off`
 * starts nothing ahead of the click (the engine's prefetch is replaced by a no-op in this process),
 * to compare both ways in alternating runs: the fingerprints must be identical.
 *
 * Also prints a fingerprint of the rules and of the run's groups, so a change to the path can be
 * checked to give the same answer (same rules, same groups).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { createCore } from '../../src/main/core';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { nodePlatform } from '../../src/main/platform-node';
import { generateCash } from './cash-data';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const TICK = 100; // USER_HZ on Linux

/** CPU seconds of every descendant process (the built-in servers), from /proc. */
function childrenCpu(pid = process.pid): number {
  let total = 0;
  let kids: string[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) kids.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
  } catch {
    kids = [];
  }
  for (const kid of kids) {
    try {
      const stat = readFileSync(`/proc/${kid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / TICK; // utime, stime
    } catch {
      // gone
    }
    total += childrenCpu(Number(kid));
  }
  return total;
}

const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '42' },
      keep: { type: 'string' },
      think: { type: 'string', default: '3' },
      background: { type: 'string', default: 'on' },
    },
  });
  const rows = Number(values.rows);
  const think = Number(values.think);
  if (!(think >= 0)) throw new Error(`--think must be seconds ≥ 0, not ${values.think}`);
  if (values.background !== 'on' && values.background !== 'off') throw new Error(`--background is on or off, not ${values.background}`);
  // Nothing started ahead of the click: the work waits for the click, as before issue 30's round k.
  if (values.background === 'off') {
    ReconEngine.prototype.prefetchCash = () => undefined;
    ReconEngine.prototype.prefetchAlignedSample = () => undefined;
  }
  const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'kalla-ui-path-'));
  const data = generateCash(rows, Number(values.seed), 'tune');
  const invoices = Buffer.from([data.leftHeader, ...data.left].join('\n'));
  const bank = Buffer.from([data.rightHeader, ...data.right].join('\n'));

  const core = await createCore({
    paths: { dataDir: dir, logsDir: join(dir, 'logs') },
    platform: nodePlatform(),
    self: { command: process.execPath, args: ['--import', TSX_LOADER, join(ROOT, 'src/cli/index.ts')], env: {} },
    appVersion: '0.0.0-bench',
    spawnEnv: async () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }),
    env: {},
  });
  const rs = core.reconcile;
  const ws = await rs.create('ui path');
  // The kalla-recon server is started before the clock (the app starts it with the window).
  await core.host.startServer('kalla-recon');

  const marks: Array<{ phase: string; wall: number; cpu: number; child: number; load: string }> = [];
  let at = { wall: performance.now(), cpu: selfCpu(), child: childrenCpu() };
  const lap = (phase: string) => {
    const now = { wall: performance.now(), cpu: selfCpu(), child: childrenCpu() };
    marks.push({ phase, wall: (now.wall - at.wall) / 1000, cpu: now.cpu - at.cpu, child: now.child - at.child, load: load() });
    // A mark between phases for KALLA_RECON_TRACE=1 (which prints slow statements to stderr).
    if (process.env.KALLA_RECON_TRACE === '1') process.stderr.write(`[ui-path] end of ${phase}\n`);
    at = now;
  };
  const loadStart = load();

  // Drop: both files, one after the other as the page commits its uploads; detection runs once both are there.
  await rs.addSourceFromBytes(ws.id, 'left', 'open invoices.csv', invoices);
  let st = await rs.addSourceFromBytes(ws.id, 'right', 'bank statement.csv', bank);
  if (!st.mapping) throw new Error(`no proposed mapping: ${st.mapping_error ?? 'none'}`);
  lap('drop → proposed mapping');

  // The user reads the proposed mapping before pressing Confirm: idle here, the background work is not.
  if (think > 0) {
    await new Promise((done) => setTimeout(done, think * 1000));
    lap(`think ${think} s (idle user)`);
  }

  // Every proposed pair accepted, then Confirm mapping (suggests the rules).
  st = await rs.confirmMappings(ws.id, st.mapping.rows.map((r) => ({ ...r, decision: 'accepted' as const })));
  if (!st.rules.length) throw new Error(`no rules: ${st.rules_error ?? 'none'}`);
  lap('Confirm mapping → rules');

  const { run_id } = await rs.run(ws.id);
  await rs.summary(ws.id, run_id);
  await rs.page(ws.id, run_id, 'matched', { offset: 0, limit: 50 });
  lap('Run → results');

  const rulesJson = JSON.stringify(st.rules);
  await core.dispose();

  const instance = await DuckDBInstance.create(join(dir, 'workspaces', ws.id, 'recon', 'recon.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const groups = (
    await conn.runAndReadAll(`SELECT rule_id, cardinality::VARCHAR AS c, status::VARCHAR AS s, left_ids::VARCHAR AS l, right_ids::VARCHAR AS r, score
      FROM match_groups WHERE run_id = ${run_id} ORDER BY left_ids, right_ids, rule_id`)
  ).getRows();
  const facts = (await conn.runAndReadAll(`SELECT facts::VARCHAR AS f FROM learned_facts ORDER BY f`)).getRows().map((r) => String(r[0]));
  conn.closeSync();
  instance.closeSync();
  const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

  const total = marks.reduce((s, m) => ({ wall: s.wall + m.wall, cpu: s.cpu + m.cpu, child: s.child + m.child }), { wall: 0, cpu: 0, child: 0 });
  const out = [
    `UI path in process, ${rows} rows (${data.left.length} invoices × ${data.right.length} bank lines), background ${values.background}, think ${think} s, load average at the start ${loadStart}`,
    ...marks.map((m) => `  ${m.phase.padEnd(26)} wall ${m.wall.toFixed(2).padStart(6)} s, CPU ${m.cpu.toFixed(2).padStart(6)} s + kalla-recon ${m.child.toFixed(2)} s (load ${m.load})`),
    `  ${'total'.padEnd(26)} wall ${total.wall.toFixed(2).padStart(6)} s, CPU ${total.cpu.toFixed(2).padStart(6)} s + kalla-recon ${total.child.toFixed(2)} s`,
    `  learned facts fingerprint ${hash(JSON.stringify(facts))} (${facts.length} stored)`,
    `  rules ${st.rules.map((r) => r.id).join(', ')} — fingerprint ${hash(rulesJson)}; ${groups.length} groups — fingerprint ${hash(JSON.stringify(groups, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))}`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}

await main();
