/**
 * Issue 27: a workspace written by a newer Kalla. Its state.json has a `version` this Kalla does not
 * know, or its recon.duckdb a DuckDB storage version this DuckDB cannot read. Before, the first was
 * listed as "damaged" with a zod text and offered its state.json.bak back (dropping what the newer
 * Kalla wrote), the second gave a raw DuckDB error. Now both say "made by a newer Kalla … Update
 * Kalla to open it.", nothing offers a restore, and listing, opening and the CLI leave every file of
 * the workspace byte-identical; deleting it stays the user's explicit choice.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import type { WorkspaceList, WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';
import { kallaArgs } from '../helpers/kalla-command';
import { stampStorageVersion } from '../helpers/duckdb-header';
import { csv, sandbox } from '../reconcile/engine/helpers';

const sb = sandbox();
afterAll(() => sb.cleanup());
let core: Core | undefined;
afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
const call = async <T>(channel: string, input: unknown) => (await core!.dispatch(channel as never, input as never)) as Reply<T>;
async function value<T>(channel: string, input: unknown): Promise<T> {
  const r = await call<T>(channel, input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Every file under `dir` (recursively) with its size and SHA-256: what "nothing changed" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[p.slice(dir.length)] = `${statSync(p).size}:${createHash('sha256').update(readFileSync(p)).digest('hex')}`;
    }
  };
  walk(dir);
  return out;
}

const SENTENCE = /made by a newer Kalla \(workspace version 99; this Kalla reads versions up to 1\)\. Update Kalla to open it\./;

/**
 * A workspace "October" with both files loaded and one run (so recon.duckdb holds runs and a review
 * log), then the app stops. Returns the data folder, the workspace id and its folder.
 */
async function october(): Promise<{ dataDir: string; id: string; folder: string }> {
  const dataDir = sb.mkdir(`data-${Math.random().toString(36).slice(2, 8)}`);
  const left = sb.file(`ledger-${dataDir.length}.csv`, csv('ref,amount', ['A-1,10.00', 'A-2,20.00', 'A-3,30.00']));
  const right = sb.file(`bank-${dataDir.length}.csv`, csv('ref,amount', ['A-1,10.00', 'A-2,20.00', 'A-9,1.00']));
  ({ core } = await createTestCore({ dataDir, withBuiltins: false }));
  const id = (await value<WorkspaceState>('reconcile.create', { name: 'October' })).id;
  await value('reconcile.addSourcePath', { id, side: 'left', path: left });
  await value('reconcile.addSourcePath', { id, side: 'right', path: right });
  const rules = [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, cardinality: '1:1', auto_confirm: true }];
  const mapping = [
    { field_a: 'ref', field_b: 'ref', confidence: 1, reason: 'same name', role: 'key', engine: 'manual', decision: 'accepted', key: true },
    { field_a: 'amount', field_b: 'amount', confidence: 1, reason: 'same name', role: 'amount', engine: 'manual', decision: 'accepted', key: false },
  ];
  await value('reconcile.confirmMappings', { id, rows: mapping });
  await value('reconcile.setRules', { id, rules });
  const run = await value<{ summary: { matched_groups: number } }>('reconcile.run', { id });
  expect(run.summary.matched_groups).toBe(2);
  await core!.dispose();
  core = undefined;
  return { dataDir, id, folder: join(dataDir, 'workspaces', id) };
}

/** What a newer Kalla would leave: state.json at version 99 with a field this Kalla does not know; state.json.bak still this Kalla's last save. */
function writtenByNewerKalla(folder: string): void {
  const state = JSON.parse(readFileSync(join(folder, 'state.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(folder, 'state.json'), `${JSON.stringify({ ...state, version: 99, name: 'October (new Kalla)', approvals: [{ by: 'ana' }] }, null, 1)}\n`);
  expect(JSON.parse(readFileSync(join(folder, 'state.json.bak'), 'utf8'))).toMatchObject({ version: 1 });
}

describe('a workspace whose state.json a newer Kalla wrote', () => {
  it('is listed with the sentence, not opened, no restore offered, and no file of it changes; deleting it stays possible', async () => {
    const { dataDir, id, folder } = await october();
    writtenByNewerKalla(folder);
    const before = snapshot(folder);
    ({ core } = await createTestCore({ dataDir, withBuiltins: false }));

    const list = await value<WorkspaceList>('reconcile.list', {});
    const listed = list.workspaces.find((w) => w.id === id);
    expect(listed).toMatchObject({ name: 'October (new Kalla)', damaged: { newer: true, backup: false } });
    expect(listed!.damaged!.reason).toMatch(SENTENCE);
    expect(listed!.damaged!.reason).not.toMatch(/does not hold a valid workspace|Invalid literal|expected/i);
    expect(list.active).toBeNull();

    // Opening it, or anything that would open its engine, is refused with the same sentence.
    for (const [channel, input] of [
      ['reconcile.setActive', { id }],
      ['reconcile.get', { id }],
      ['reconcile.history', { id }],
      ['reconcile.summary', { id, runId: 1 }],
      ['reconcile.review', { id, runId: 1, action: 'reject', groupIds: [1] }],
      ['reconcile.recover', { id }],
    ] as const) {
      const r = await call(channel, input);
      expect(r.ok, channel).toBe(false);
      if (!r.ok) {
        expect(r.error.code, channel).toBe('newer_version');
        expect(r.error.message, channel).toMatch(SENTENCE);
        expect(r.error.message, channel).toContain('Workspace “October (new Kalla)”');
      }
    }
    await value('reconcile.list', {});
    expect(snapshot(folder)).toEqual(before);
    expect(existsSync(join(folder, 'state.json.damaged'))).toBe(false);

    // Deleting it is the user's explicit choice, and it works.
    const left = await value<WorkspaceList>('reconcile.delete', { id });
    expect(left.workspaces.map((w) => w.id)).not.toContain(id);
    expect(existsSync(folder)).toBe(false);
  });

  it('`kalla recon --workspace` prints the sentence, exits non-zero and changes nothing', async () => {
    const { dataDir, folder } = await october();
    writtenByNewerKalla(folder);
    const before = snapshot(folder);
    const files = sb.mkdir('next-month');
    const left = join(files, 'ledger-nov.csv');
    const right = join(files, 'bank-nov.csv');
    writeFileSync(left, csv('ref,amount', ['B-1,10.00']));
    writeFileSync(right, csv('ref,amount', ['B-1,10.00']));
    const r = spawnSync(process.execPath, [...kallaArgs(), 'recon', '--workspace', 'October (new Kalla)', '--left', left, '--right', right], {
      encoding: 'utf8',
      cwd: files,
      env: { ...process.env, KALLA_DATA_DIR: dataDir },
      timeout: 120_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(SENTENCE);
    expect(r.stderr).toContain('[newer_version]');
    expect(r.stdout).toBe('');
    expect(snapshot(folder)).toEqual(before);
    expect(readdirSync(dataDir)).not.toContain('exports');
  }, 150_000);
});

/** October's workspace with its engine file stamped storage version 99 (a newer DuckDB), its files as they are then, and a core over it. */
async function octoberByNewerDuckDb(): Promise<{ id: string; folder: string; before: Record<string, string> }> {
  const { dataDir, id, folder } = await october();
  const file = join(folder, 'recon', 'recon.duckdb');
  rmSync(`${file}.wal`, { force: true });
  stampStorageVersion(file, 99);
  const before = snapshot(folder);
  ({ core } = await createTestCore({ dataDir, withBuiltins: false }));
  return { id, folder, before };
}

describe('a workspace whose engine file a newer DuckDB wrote', () => {
  it('is refused with the newer-Kalla sentence (not "damaged", no rebuild offered) and the file is untouched', async () => {
    const { id, folder, before } = await octoberByNewerDuckDb();
    const r = await call('reconcile.history', { id });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('newer_version');
      expect(r.error.message).toMatch(/^This workspace's engine file \(.*recon\.duckdb\) was made by a newer Kalla \(storage version 99; this Kalla reads versions up to \d+\)\. Update Kalla to open it\./);
      expect(r.error.message).not.toMatch(/IO Error|Rebuild/);
    }
    expect(snapshot(folder)).toEqual(before);
  });

  it('is refused by "rebuild this workspace\'s engine" too, with the same sentence, and nothing is set aside', async () => {
    // Before: rebuildEngine renamed the file to recon.duckdb.damaged-<time> and started a new engine
    // (the newer Kalla's runs gone from the workspace).
    const { id, folder, before } = await octoberByNewerDuckDb();
    const opened = await call('reconcile.history', { id });
    const r = await call('reconcile.rebuildEngine', { id });
    expect(r.ok).toBe(false);
    if (!r.ok && !opened.ok) {
      expect(r.error.code).toBe('newer_version');
      expect(r.error.message).toMatch(/^This workspace's engine file \(.*recon\.duckdb\) was made by a newer Kalla \(storage version 99; this Kalla reads versions up to \d+\)\. Update Kalla to open it\. Nothing was changed\.$/);
      expect(r.error.message).toBe(opened.error.message);
    }
    expect(readdirSync(join(folder, 'recon')).filter((n) => n.includes('damaged') || n.includes('rebuild'))).toEqual([]);
    expect(snapshot(folder)).toEqual(before);
  });
});
