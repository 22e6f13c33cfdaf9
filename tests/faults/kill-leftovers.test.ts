/**
 * Fault injection with real kills (issue 13, item 9): a process working on a workspace is
 * SIGKILLed during a load, a run and an export; the next open of the workspace must find what it
 * had before, show the run as interrupted, and leave nothing behind (before: a killed load left a
 * 40 MB copy in sources/, a killed export a 56 MB hidden folder next to the user's files).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';

const ROOT = resolve(__dirname, '../..');
const WORKER = join(ROOT, 'tests/faults/fixtures/engine-worker.ts');
let tmp: string;
let big: string;
let small: string;

/** rows × `ref,amount,date,memo`; ~40 bytes a row. */
function table(path: string, rows: number): string {
  const lines = ['ref,amount,date,memo'];
  for (let i = 0; i < rows; i++) lines.push(`INV-${i},${(i % 997) + 0.25},2024-03-${String((i % 28) + 1).padStart(2, '0')},payment ${i}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kalla-kill-'));
  big = table(join(tmp, 'big.csv'), 1_500_000);
  small = table(join(tmp, 'small.csv'), 20);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the worker and SIGKILLs it `delayMs` after it says `phase:<phase>` (or once `ready()` holds). */
function killDuring(args: string[], phase: string, ready: () => boolean): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('phase:done')) fail(new Error(`the worker finished ${phase} before it could be killed; make the input larger`));
      if (timer || !out.includes(`phase:${phase}`)) return;
      timer = setInterval(() => {
        if (!ready()) return;
        clearInterval(timer);
        child.kill('SIGKILL');
      }, 10);
    });
    child.on('exit', (code, signal) => {
      if (timer) clearInterval(timer);
      if (signal === 'SIGKILL') done();
      else fail(new Error(`worker exited ${code} before the kill: ${err}`));
    });
  });
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('killed mid-way, the workspace opens clean', () => {
  it('a load: the half-loaded copy is removed, the side keeps the source it had', { timeout: 180_000 }, async () => {
    const ws = join(tmp, 'ws-load');
    const before = await ReconEngine.open(ws);
    await before.addSourceFromPath('left', small);
    before.close();
    const sources = join(ws, 'sources');
    expect(files(sources)).toHaveLength(1);
    // Killed once the new copy is on disk, while DuckDB reads it.
    await killDuring([ws, 'load', big], 'load', () => files(sources).length > 1);

    const after = await ReconEngine.open(ws);
    try {
      expect(after.leftoversRemoved.copies).toBeGreaterThanOrEqual(1);
      expect(files(sources)).toHaveLength(1);
      expect(await after.source('left')).toMatchObject({ row_count: 20 });
    } finally {
      after.close();
    }
  });

  it('a run: it is listed as interrupted after the restart', { timeout: 180_000 }, async () => {
    const ws = join(tmp, 'ws-run');
    // Half a second into the run (it takes seconds on 1.5M × 1.5M rows): its row is written as it starts.
    let started = 0;
    await killDuring([ws, 'run', big, big], 'run', () => (started ||= Date.now()) + 500 < Date.now());
    const after = await ReconEngine.open(ws);
    try {
      const runs = await after.runs();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'interrupted' });
    } finally {
      after.close();
    }
  });

  it('an export: the unfinished hidden folder next to the user’s files is removed, nothing looks finished', { timeout: 180_000 }, async () => {
    const ws = join(tmp, 'ws-export');
    const out = join(tmp, 'out');
    mkdirSync(out);
    await killDuring([ws, 'export', big, big, out], 'export', () => files(out).some((f) => f.startsWith('.kalla-export-')));
    expect(files(out).filter((f) => f.startsWith('.kalla-export-'))).toHaveLength(1);

    const after = await ReconEngine.open(ws);
    try {
      expect(after.leftoversRemoved.exports).toBe(1);
      expect(files(out)).toEqual([]);
      expect(files(join(ws, 'exports-in-flight'))).toEqual([]);
    } finally {
      after.close();
    }
  });
});
