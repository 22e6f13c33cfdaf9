/**
 * Fault injection for the fuzz-and-fault suite: a corrupt engine file, a read-only data folder, a
 * full disk while loading and while exporting (a small tmpfs, where the machine lets us mount one),
 * an injected write error (an export's place taken by a folder), a run killed mid-way, a workspace
 * folder deleted during a run, a file appended to while it loads, and a workspace (state.json or
 * engine file) written by a newer Kalla.
 * Each is judged: a clear refusal (a sentence, not a raw DuckDB/errno text) with nothing lost.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/main/errors';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { sweepLeftoverWorkspaces } from '../../src/cli/recon';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';
import { stampStorageVersion } from '../helpers/duckdb-header';
import { clearMessage, type Verdict } from './run-world';

export interface FaultVerdict {
  verdict: Verdict;
  why: string;
}

function judge(e: unknown): FaultVerdict {
  if (e instanceof UserError && clearMessage(e.message)) return { verdict: 'refused clearly', why: e.message };
  return { verdict: 'crashed', why: `raw error: ${e instanceof Error ? e.message : String(e)}` };
}

function mount(dir: string, args: string[]): (() => void) | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  try {
    execFileSync('mount', [...args, dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
}

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

const csvRows = (n: number) => `ref,amount,date\n${Array.from({ length: n }, (_, i) => `INV-${i},${(i % 997) + 0.5},2026-01-${String((i % 28) + 1).padStart(2, '0')}`).join('\n')}\n`;

export const FAULTS: { name: string; run(fresh: () => string): Promise<FaultVerdict | null> }[] = [
  {
    name: 'corrupt recon.duckdb',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'recon.duckdb'), Buffer.alloc(8192, 0x5a));
      try {
        (await ReconEngine.open(dir)).close();
        return { verdict: 'silently wrong', why: 'a corrupt engine file opened as if it were fine' };
      } catch (e) {
        return judge(e);
      }
    },
  },
  {
    name: 'read-only data folder',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const bound = mount(dir, ['--bind', dir]);
      const undo = bound && mount(dir, ['-o', 'remount,bind,ro']);
      if (bound && !undo) bound();
      if (!undo) return null;
      try {
        (await ReconEngine.open(join(dir, 'ws'))).close();
        return { verdict: 'silently wrong', why: 'opened a workspace in a read-only folder' };
      } catch (e) {
        return judge(e);
      } finally {
        undo();
      }
    },
  },
  {
    name: 'full disk while loading',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const src = `${dir}-src.csv`;
      writeFileSync(src, csvRows(200_000));
      const small = `${dir}-small.csv`;
      writeFileSync(small, csvRows(50));
      const undo = mount(dir, ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs']);
      if (!undo) return null;
      let ws: ReconEngine | null = null;
      try {
        ws = await ReconEngine.open(join(dir, 'ws'));
        await ws.addSourceFromPath('left', small);
        try {
          await ws.addSourceFromPath('right', src);
          return { verdict: 'silently wrong', why: 'a 5 MB file loaded onto a 3 MB disk' };
        } catch (e) {
          const v = judge(e);
          const left = await ws.source('left').catch(() => null);
          if (left?.row_count !== 50) return { verdict: 'lost', why: `the loaded left source is gone after the failed load (${v.why})` };
          return v;
        }
      } catch (e) {
        return judge(e);
      } finally {
        ws?.close();
        undo();
      }
    },
  },
  {
    name: 'injected write error on export',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const f = join(dir, 'f.csv');
      writeFileSync(f, csvRows(20));
      const ws = await ReconEngine.open(join(dir, 'ws'));
      try {
        await ws.addSourceFromPath('left', f);
        await ws.addSourceFromPath('right', f);
        const run = await ws.run({ version: 2, name: 'r', left: { alias: 'l', path: f }, right: { alias: 'r', path: f }, mappings: [], filters: [], rules: [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], cardinality: '1:1', auto_confirm: true }] });
        const out = join(dir, 'out');
        mkdirSync(join(out, 'matched.csv'), { recursive: true }); // a folder where the export goes
        try {
          await ws.export(run.run_id, { dir: out, overwrite: true, formats: ['csv'] });
          return { verdict: 'silently wrong', why: 'the export reported success although matched.csv could not be written' };
        } catch (e) {
          return judge(e);
        }
      } finally {
        ws.close();
      }
    },
  },
  {
    name: 'full disk while exporting',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const f = join(dir, 'f.csv');
      writeFileSync(f, csvRows(20_000));
      const out = join(dir, 'out');
      mkdirSync(out);
      const undo = mount(out, ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs']);
      if (!undo) return null;
      const ws = await ReconEngine.open(join(dir, 'ws'));
      try {
        await ws.addSourceFromPath('left', f);
        await ws.addSourceFromPath('right', f);
        const run = await ws.run({ version: 2, name: 'r', left: { alias: 'l', path: f }, right: { alias: 'r', path: f }, mappings: [], filters: [], rules: [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], cardinality: '1:1', auto_confirm: true }] });
        try {
          await ws.export(run.run_id, { dir: out, overwrite: true, formats: ['csv'] });
          return { verdict: 'silently wrong', why: 'a 2 MB export reported success on a 256 KB disk' };
        } catch (e) {
          return judge(e);
        }
      } finally {
        ws.close();
        undo();
      }
    },
  },
  {
    name: 'kalla recon killed mid-run (SIGKILL), next run sweeps',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      const f = join(dir, 'big.csv');
      writeFileSync(f, csvRows(300_000));
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/reconcile/engine/cli-entry.ts', '--left', f, '--right', f, '--json'], { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
      const started = Date.now();
      while (Date.now() - started < 30_000 && !readdirSync(tmp).some((n) => n.startsWith('kalla-recon-'))) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const left = readdirSync(tmp).filter((n) => n.startsWith('kalla-recon-'));
      if (left.length === 0) return { verdict: 'refused clearly', why: 'the run ended before the kill point' };
      const swept = await sweepLeftoverWorkspaces(tmp);
      const still = left.filter((n) => existsSync(join(tmp, n)));
      if (still.length > 0 || swept.count !== left.length) return { verdict: 'lost', why: `${still.length} temp workspace(s) of a killed run left behind` };
      return { verdict: 'right', why: '' };
    },
  },
  {
    // The folder removed at the run's first progress event, as a file manager or a sync tool would.
    name: 'workspace folder deleted during a run',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const f = join(dir, 'ledger.csv');
      writeFileSync(f, csvRows(200_000));
      const { core } = await createTestCore({ dataDir: join(dir, 'data'), withBuiltins: false });
      const call = <T>(channel: string, input: unknown) => core.dispatch(channel as never, input as never) as Promise<Reply<T>>;
      try {
        const ws = await call<WorkspaceState>('reconcile.create', { name: 'October' });
        if (!ws.ok) return { verdict: 'crashed', why: ws.error.message };
        const id = ws.value.id;
        for (const side of ['left', 'right']) await call('reconcile.addSourcePath', { id, side, path: f });
        const manual = { confidence: 1, reason: 'same name', engine: 'manual', decision: 'accepted' };
        await call('reconcile.confirmMappings', { id, rows: [{ ...manual, field_a: 'ref', field_b: 'ref', role: 'key', key: true }, { ...manual, field_a: 'amount', field_b: 'amount', role: 'amount', key: false }] });
        const amount = { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false };
        await call('reconcile.setRules', { id, rules: [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], amount, cardinality: '1:1', auto_confirm: true }] });
        const folder = join(dir, 'data', 'workspaces', id);
        let deleted = false;
        const off = core.subscribe((name) => {
          if (name === 'reconcile.progress' && !deleted) {
            deleted = true;
            rmSync(folder, { recursive: true, force: true });
          }
        });
        const run = await call('reconcile.run', { id });
        off();
        if (!deleted) return { verdict: 'refused clearly', why: 'the run ended before the folder could be deleted' };
        if (run.ok) return { verdict: 'silently wrong', why: 'the run answered "completed" although its workspace folder was deleted' };
        if (existsSync(folder)) return { verdict: 'lost', why: 'the folder was made again around a state whose engine is gone' };
        return run.error.code === 'workspace_gone' && clearMessage(run.error.message) ? { verdict: 'refused clearly', why: run.error.message } : { verdict: 'crashed', why: `raw error: ${run.error.message}` };
      } finally {
        await core.dispose();
      }
    },
  },
  {
    // Another program still writing the export: half rows at a time, as a buffered writer does.
    name: 'file appended to while it loads',
    async run(fresh) {
      const dir = fresh();
      mkdirSync(dir, { recursive: true });
      const first = join(dir, 'first.csv');
      writeFileSync(first, csvRows(10));
      const growing = join(dir, 'growing.csv');
      writeFileSync(growing, csvRows(400_000));
      const ws = await ReconEngine.open(join(dir, 'ws'));
      try {
        const before = await ws.addSourceFromPath('left', first);
        let [n, half] = [400_000, false];
        const writer = setInterval(() => {
          appendFileSync(growing, half ? `${n++}.75,2026-01-01\n` : `INV-${n},`);
          half = !half;
        }, 5);
        let caught: unknown = null;
        try {
          await ws.addSourceFromPath('left', growing);
        } catch (e) {
          caught = e;
        } finally {
          clearInterval(writer);
        }
        if (caught === null) return { verdict: 'silently wrong', why: 'a file that grew during its load was loaded (cut at some byte)' };
        const kept = await ws.source('left');
        if (kept?.sha256 !== before.sha256 || kept.row_count !== 10) return { verdict: 'lost', why: 'the source loaded before was not kept' };
        return judge(caught);
      } finally {
        ws.close();
      }
    },
  },
  {
    // A newer Kalla saved the workspace (state.json version 99); this Kalla's last save is still the backup.
    name: 'workspace state written by a newer Kalla',
    async run(fresh) {
      const dataDir = join(fresh(), 'data');
      let { core } = await createTestCore({ dataDir, withBuiltins: false });
      const call = <T>(channel: string, input: unknown) => core.dispatch(channel as never, input as never) as Promise<Reply<T>>;
      const ws = await call<WorkspaceState>('reconcile.create', { name: 'October' });
      if (!ws.ok) return { verdict: 'crashed', why: ws.error.message };
      const id = ws.value.id;
      await call('reconcile.rename', { id, name: 'October bank' });
      await core.dispose();
      const file = join(dataDir, 'workspaces', id, 'state.json');
      const newer = JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), version: 99, approvals: [] });
      writeFileSync(file, newer);
      ({ core } = await createTestCore({ dataDir, withBuiltins: false }));
      try {
        const list = await call<{ workspaces: { id: string; damaged?: { newer?: boolean; backup: boolean } }[] }>('reconcile.list', {});
        const listed = list.ok ? list.value.workspaces.find((w) => w.id === id) : undefined;
        if (!listed) return { verdict: 'lost', why: 'the workspace is not listed' };
        if (!listed.damaged) return { verdict: 'silently wrong', why: 'listed as usable' };
        const recover = await call('reconcile.recover', { id });
        if (recover.ok || readFileSync(file, 'utf8') !== newer) return { verdict: 'lost', why: 'the older backup was put back over what the newer Kalla wrote' };
        const open = await call('reconcile.setActive', { id });
        if (open.ok) return { verdict: 'silently wrong', why: 'opened by a Kalla that cannot read it' };
        if (listed.damaged.backup) return { verdict: 'crashed', why: 'listed with a restore offered' };
        return open.error.code === 'newer_version' && clearMessage(open.error.message) ? { verdict: 'refused clearly', why: open.error.message } : { verdict: 'crashed', why: `raw error: ${open.error.message}` };
      } finally {
        await core.dispose();
      }
    },
  },
  {
    name: 'recon.duckdb written by a newer DuckDB',
    async run(fresh) {
      const dir = fresh();
      (await ReconEngine.open(dir)).close();
      const file = join(dir, 'recon.duckdb');
      rmSync(`${file}.wal`, { force: true });
      stampStorageVersion(file, 99);
      const bytes = readFileSync(file);
      try {
        (await ReconEngine.open(dir)).close();
        return { verdict: 'silently wrong', why: 'an engine file of a newer storage version opened' };
      } catch (e) {
        if (!readFileSync(file).equals(bytes)) return { verdict: 'lost', why: 'the newer engine file was changed' };
        if (e instanceof UserError && e.code !== 'newer_version') return { verdict: 'crashed', why: `not said to be newer: ${e.message}` };
        return judge(e);
      }
    },
  },
];
