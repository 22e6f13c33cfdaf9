/**
 * Browser mode's memory over run/export cycles (issue 27: "app RSS grows 382 → 578 MB over 12
 * run/export cycles"). `npm run build:app` first, then:
 *
 *   npx tsx scripts/bench/web-rss.ts [--rows 100000] [--cycles 12] [--download] [--upload] [--heap]
 *
 * Starts the real server (`bin/kalla.js web`, a fresh data folder), talks to it over its WebSocket
 * as the page does, loads two generated files once, then per cycle: run, export (CSV, XLSX and
 * evidence) and, with `--download`, fetches every exported file the way browser mode offers it
 * (`reconcile.downloadExport`). With `--upload`, each cycle first sends both files again as the
 * page does in browser mode (`reconcile.uploadBegin`, 4 MiB base64 chunks, `uploadCommit`) instead
 * of loading them once by path; the cycle's line then also gives the workspace folder's size on
 * disk (an upload stored twice would show as twice the files' size per side). Prints the server's RSS (VmRSS from /proc) and, with `--heap`
 * (the server started with --inspect on loopback; the bench asks the inspector for a full GC and
 * `process.memoryUsage()`), V8 heap and external memory after each cycle, then the growth.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { connect, serverUrl } from './web-client';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    cycles: { type: 'string', default: '12' },
    download: { type: 'boolean', default: false },
    heap: { type: 'boolean', default: false },
    upload: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const CYCLES = Number(values.cycles);
const ROOT = resolve(import.meta.dirname, '../..');

const dir = mkdtempSync(join(tmpdir(), 'kalla-web-rss-'));
const ledger = join(dir, 'ledger.csv');
const bank = join(dir, 'bank.csv');
{
  const l: string[] = ['ref,amount,date,memo'];
  const b: string[] = ['ref,amount,date,text'];
  for (let i = 0; i < ROWS; i++) {
    const amount = ((i * 7919) % 100_000) / 100 + 1;
    const day = String((i % 28) + 1).padStart(2, '0');
    l.push(`INV-${i},${amount.toFixed(2)},2026-03-${day},invoice ${i} for customer ${i % 977}`);
    // Every 10th bank line differs by a cent, every 25th is missing: exceptions to export too.
    if (i % 25 !== 0) b.push(`INV-${i},${(i % 10 === 0 ? amount + 0.01 : amount).toFixed(2)},2026-03-${day},payment ${i}`);
  }
  writeFileSync(ledger, `${l.join('\n')}\n`);
  writeFileSync(bank, `${b.join('\n')}\n`);
}

const child = spawn(process.execPath, [...(values.heap ? ['--inspect=127.0.0.1:0'] : []), join(ROOT, 'bin/kalla.js'), 'web', '--port', '0', '--json'], {
  env: { ...process.env, KALLA_DATA_DIR: join(dir, 'data') },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const inspectorUrl = new Promise<string>((ok) => {
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
    const m = /Debugger listening on (ws:\/\/\S+)/.exec(err);
    if (m) ok(m[1]);
  });
});
child.stderr!.on('data', (d) => {
  if (!/Debugger|inspector|For help, see/.test(String(d))) process.stderr.write(d);
});
const base = await serverUrl(child);

const { ws, rpc } = await connect(base);

const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};
type Memory = { heapUsed: number; external: number; arrayBuffers: number; rss: number };
const inspector = values.heap
  ? await new Promise<WebSocket>((ok, fail) => {
      void inspectorUrl.then((u) => {
        const s = new WebSocket(u);
        s.once('open', () => ok(s));
        s.once('error', fail);
      });
    })
  : null;
let inspectorId = 1;
function inspect(method: string, params: unknown = {}): Promise<{ result?: { result?: { value?: string } } }> {
  const id = inspectorId++;
  return new Promise((ok) => {
    const on = (data: WebSocket.RawData) => {
      const m = JSON.parse(String(data)) as { id?: number };
      if (m.id === id) {
        inspector!.off('message', on);
        ok(m as never);
      }
    };
    inspector!.on('message', on);
    inspector!.send(JSON.stringify({ id, method, params }));
  });
}
/** After a full GC: what the server's JS still holds. */
const heap = async (): Promise<Memory | null> => {
  if (!inspector) return null;
  await inspect('HeapProfiler.collectGarbage');
  const r = await inspect('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
  return JSON.parse(r.result?.result?.value ?? 'null') as Memory | null;
};

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
/** Bytes under a folder (the data folder's files: uploads, engine, exports). */
const du = (path: string): number =>
  readdirSync(path, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? du(join(path, e.name)) : e.isFile() ? statSync(join(path, e.name)).size : 0), 0);
/** Sends a file as browser mode's page does: begin, ≤ 4 MiB chunks in base64, commit. */
async function upload(id: string, side: 'left' | 'right', path: string): Promise<void> {
  const bytes = readFileSync(path);
  const { uploadId } = await rpc<{ uploadId: string }>('reconcile.uploadBegin', { id, side, name: path.split('/').pop()!, size: bytes.length });
  for (let at = 0; at < bytes.length; at += 4 * 1024 * 1024) {
    await rpc('reconcile.uploadChunk', { uploadId, offset: at, data: bytes.subarray(at, at + 4 * 1024 * 1024).toString('base64') });
  }
  await rpc('reconcile.uploadCommit', { uploadId });
}
const load = () => loadavg()[0].toFixed(1);
try {
  const ws0 = await rpc<{ id: string }>('reconcile.create', { name: 'rss bench' });
  const id = ws0.id;
  await rpc('reconcile.addSourcePath', { id, side: 'left', path: ledger });
  await rpc('reconcile.addSourcePath', { id, side: 'right', path: bank });
  await rpc('reconcile.confirmMappings', {
    id,
    rows: [
      { field_a: 'ref', field_b: 'ref', confidence: 1, reason: 'same name', role: 'key', engine: 'manual', decision: 'accepted', key: true },
      { field_a: 'amount', field_b: 'amount', confidence: 1, reason: 'same name', role: 'amount', engine: 'manual', decision: 'accepted', key: false },
    ],
  });
  await rpc('reconcile.setRules', {
    id,
    rules: [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, cardinality: '1:1', auto_confirm: true }],
  });
  const first = rssMb();
  console.log(`rows ${ROWS}, cycles ${CYCLES}, download ${values.download}, upload ${values.upload}; load average ${load()}`);
  console.log(`after loading both files: RSS ${first.toFixed(0)} MB`);
  const series: number[] = [];
  for (let c = 1; c <= CYCLES; c++) {
    const t = performance.now();
    if (values.upload) {
      await upload(id, 'left', ledger);
      await upload(id, 'right', bank);
    }
    const run = await rpc<{ run_id: number }>('reconcile.run', { id });
    const out = await rpc<{ result: { files: string[] } }>('reconcile.export', { id, runId: run.run_id, formats: ['csv', 'xlsx', 'evidence'], overwrite: true });
    let bytes = 0;
    if (values.download) {
      for (const f of out.result.files) bytes += (await rpc<{ base64: string }>('reconcile.downloadExport', { id, path: f })).base64.length;
    }
    const rss = rssMb();
    series.push(rss);
    const h = await heap();
    console.log(
      `cycle ${String(c).padStart(2)}: RSS ${rss.toFixed(0)} MB${h ? `, heap ${mb(h.heapUsed)} MB, external ${mb(h.external)} MB (array buffers ${mb(h.arrayBuffers)})` : ''}; ${out.result.files.length} files${values.download ? `, ${(bytes / 1e6).toFixed(1)} MB base64 downloaded` : ''}${values.upload ? `; data folder ${mb(du(join(dir, 'data')))} MB (files ${mb(statSync(ledger).size + statSync(bank).size)} MB)` : ''}; ${((performance.now() - t) / 1000).toFixed(1)} s; load ${load()}`,
    );
  }
  const last = series[series.length - 1];
  console.log(`RSS first cycle ${series[0].toFixed(0)} MB → last ${last.toFixed(0)} MB (+${(last - series[0]).toFixed(0)} MB; +${(last - first).toFixed(0)} MB since the load); max ${Math.max(...series).toFixed(0)} MB`);
  console.log(`growth over the last half: ${(last - series[Math.floor(series.length / 2) - 1]).toFixed(0)} MB`);
} finally {
  ws.close();
  inspector?.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
