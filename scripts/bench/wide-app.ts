/**
 * Browser mode's load of a wide file (issue 27: "a 5,000-column file loads in seconds in the app").
 * `npm run build:app` first, then:
 *
 *   npm run bench:wide-app -- --left L.csv --right R.csv
 *
 * Starts the real server (`bin/kalla.js web`, a fresh data folder) and does what the page does in
 * browser mode, over its WebSocket: create a workspace, send each file (`reconcile.uploadBegin`,
 * 4 MiB base64 chunks, `uploadCommit`: the commit loads, types and profiles the file; the second
 * commit also proposes the mapping), then reads the state. Prints per step the wall seconds the
 * user waits and the CPU seconds of the server and its child processes (utime + stime from /proc:
 * Node, DuckDB's threads, the kalla-recon server), and the mapping proposed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, serverUrl } from './web-client';

const { values } = parseArgs({ options: { left: { type: 'string' }, right: { type: 'string' } } });
if (!values.left || !values.right) throw new Error('--left and --right are required');
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kalla-wide-app-'));
const child = spawn(process.execPath, [join(ROOT, 'bin/kalla.js'), 'web', '--port', '0', '--json'], { env: { ...process.env, KALLA_DATA_DIR: join(dir, 'data') }, stdio: ['ignore', 'pipe', 'inherit'] });
const base = await serverUrl(child);
const { ws, rpc } = await connect(base);
/** CPU seconds so far (all threads) of the server and the processes it started (the kalla-recon server proposes the mapping). */
const cpuOf = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return (Number(f[11]) + Number(f[12])) / 100 + children.reduce((n, c) => n + cpuOf(Number(c)), 0);
};
const cpu = () => cpuOf(child.pid!);
async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const [t, c] = [performance.now(), cpu()];
  const r = await body();
  console.log(`${name.padEnd(34)} wall ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s   CPU ${(cpu() - c).toFixed(1).padStart(6)} s`);
  return r;
}
type State = { mapping?: { rows: { field_a: string; field_b: string; role: string }[] } | null; mapping_error?: string | null };
try {
  console.log(`load average ${loadavg()[0].toFixed(1)}`);
  const { id } = await rpc<{ id: string }>('reconcile.create', { name: 'wide' });
  let state: State = {};
  for (const side of ['left', 'right'] as const) {
    const path = side === 'left' ? values.left : values.right;
    const bytes = readFileSync(path);
    const { uploadId } = await step(`${side}: send ${(bytes.length / 1e6).toFixed(1)} MB`, async () => {
      const begun = await rpc<{ uploadId: string }>('reconcile.uploadBegin', { id, side, name: path.split('/').pop()!, size: bytes.length });
      for (let at = 0; at < bytes.length; at += 4 * 1024 * 1024) await rpc('reconcile.uploadChunk', { uploadId: begun.uploadId, offset: at, data: bytes.subarray(at, at + 4 * 1024 * 1024).toString('base64') });
      return begun;
    });
    state = await step(`${side}: commit (load${side === 'right' ? ' + mapping' : ''})`, () => rpc<State>('reconcile.uploadCommit', { uploadId }));
  }
  const rows = state.mapping?.rows ?? [];
  console.log(`mapping proposed: ${rows.length} pairs; first: ${rows.slice(0, 3).map((r) => `${r.field_a}→${r.field_b} (${r.role})`).join(', ')}${state.mapping_error ? `; error: ${state.mapping_error}` : ''}`);
  console.log(`load average ${loadavg()[0].toFixed(1)}; server peak RSS ${Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024)} MB`);
} catch (e) {
  // The server's log says what an "Internal error" was.
  const logs = (await import('node:child_process')).execSync(`find ${JSON.stringify(dir)} -name '*.log' -exec tail -n 20 {} +`, { encoding: 'utf8' });
  console.error(logs);
  throw e;
} finally {
  ws.close();
  child.kill('SIGTERM');
  await new Promise((ok) => child.once('exit', ok));
  rmSync(dir, { recursive: true, force: true });
}
