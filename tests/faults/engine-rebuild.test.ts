/**
 * Issue 27, item 3: raw machine texts become sentences with a next step (src/main/errors.ts), and a
 * damaged engine file (recon.duckdb) is rebuilt from the workspace's sources through the app's
 * dispatcher: mapping and rules kept, past runs not, and the next run gives the same result.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { explainSystemError, UserError } from '../../src/main/errors';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { validateRecipe } from '../../src/main/reconcile/engine/recipe-file';
import { runReconCli } from '../../src/cli/recon';
import type { WorkspaceState } from '../../src/shared/reconcile/workspace';
import { createTestCore } from '../helpers/core';
import { csv, sandbox } from '../reconcile/engine/helpers';

const sb = sandbox();
afterAll(() => sb.cleanup());

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('raw errors become sentences with a next step', () => {
  it.each([
    [errno('ENOSPC', 'ENOSPC: no space left on device, write'), 'disk_full', /The disk is full while writing the exports\. Nothing was changed: free some space/],
    [new Error('IO Error: Could not write file "/data/out/matched.csv": No space left on device'), 'disk_full', /The disk is full while writing the exports \(\/data\/out\/matched\.csv\)/],
    [errno('EROFS', "EROFS: read-only file system, mkdir '/data/ws'"), 'read_only', /the folder is read-only \(\/data\/ws\)\. Choose a writable folder/],
    [errno('EACCES', "EACCES: permission denied, open '/data/x'"), 'read_only', /not allowed to write while writing the exports \(\/data\/x\)/],
    [new Error('IO Error: The file "/w/recon.duckdb" exists, but it is not a valid DuckDB database file!'), 'engine_damaged', /engine file \(\/w\/recon\.duckdb\) is damaged.*Rebuild this workspace's engine from its sources/],
    [errno('EISDIR', "EISDIR: illegal operation on a directory, rename '/a' -> '/out/matched.csv'"), 'invalid_path', /A folder is in the way/],
    [errno('ENOENT', "ENOENT: no such file or directory, open '/w/recon/x'"), 'workspace_gone', /disappeared while writing the exports/],
  ])('%s', (raw, code, sentence) => {
    const e = explainSystemError(raw, { doing: 'writing the exports' });
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).code).toBe(code);
    expect((e as UserError).message).toMatch(sentence);
  });

  it('leaves UserErrors and unknown errors alone', () => {
    const mine = new UserError('Already a sentence.', 'invalid_input');
    expect(explainSystemError(mine)).toBe(mine);
    const other = new Error('something else');
    expect(explainSystemError(other)).toBe(other);
  });

  it('a corrupt recon.duckdb is refused with the way out, not a DuckDB text', async () => {
    const dir = sb.mkdir('corrupt');
    writeFileSync(join(dir, 'recon.duckdb'), Buffer.alloc(8192, 0x5a));
    const e = await ReconEngine.open(dir).then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).code).toBe('engine_damaged');
    expect((e as UserError).message).not.toMatch(/^IO Error/);
  });

  it('a recipe from a newer Kalla says so', async () => {
    expect(() => validateRecipe({ version: 3, name: 'x', left: { alias: 'l', path: 'a' }, right: { alias: 'r', path: 'b' }, mappings: [], filters: [], rules: [] })).toThrow(
      /made by a newer Kalla \(recipe version 3; this Kalla reads versions up to 2\)\. Update Kalla/,
    );
    const left = sb.file('l.csv', csv('ref,amount', ['A,1.00']));
    const recipe = sb.file('newer.json', JSON.stringify({ version: 7, name: 'x' }));
    const err: string[] = [];
    expect(await runReconCli(['--left', left, '--right', left, '--recipe', recipe], { stdout: () => undefined, stderr: (t) => err.push(t) })).toBe(1);
    expect(err.join('')).toMatch(/was made by a newer Kalla \(recipe version 7.*\[newer_version\]/);
  });
});

describe('rebuild a damaged engine from the sources', () => {
  it('through the dispatcher: the error offers it, the rebuild keeps rules and sources, the next run is the same', async () => {
    const left = sb.file('ledger.csv', csv('ref,amount', ['A-1,10.00', 'A-2,20.00', 'A-3,30.00']));
    const right = sb.file('bank.csv', csv('ref,amount', ['A-1,10.00', 'A-2,20.00', 'A-9,1.00']));
    const dataDir = sb.mkdir('data');
    const call = async (core: Awaited<ReturnType<typeof createTestCore>>['core'], channel: string, input: unknown) => core.dispatch(channel as never, input as never);
    let { core } = await createTestCore({ dataDir, withBuiltins: false });
    const ws = (await call(core, 'reconcile.create', { name: 'October' })) as { ok: true; value: WorkspaceState };
    const id = ws.value.id;
    await call(core, 'reconcile.addSourcePath', { id, side: 'left', path: left });
    await call(core, 'reconcile.addSourcePath', { id, side: 'right', path: right });
    const rules = [{ id: 'k', name: 'k', keys: [{ left: 'ref', right: 'ref' }], amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false }, cardinality: '1:1', auto_confirm: true }];
    const mapping = [
      { field_a: 'ref', field_b: 'ref', confidence: 1, reason: 'same name', role: 'key', engine: 'manual', decision: 'accepted', key: true },
      { field_a: 'amount', field_b: 'amount', confidence: 1, reason: 'same name', role: 'amount', engine: 'manual', decision: 'accepted', key: false },
    ];
    expect(((await call(core, 'reconcile.confirmMappings', { id, rows: mapping })) as { ok: boolean }).ok).toBe(true);
    const set = (await call(core, 'reconcile.setRules', { id, rules })) as { ok: boolean };
    expect(set.ok).toBe(true);
    const first = (await call(core, 'reconcile.run', { id })) as { ok: true; value: { summary: { matched_groups: number } } };
    if (!first.ok) throw new Error(JSON.stringify(first));
    expect(first.value.summary.matched_groups).toBe(2);
    await core.dispose();

    // The engine file is damaged while the app is stopped.
    const engineFile = join(dataDir, 'workspaces', id, 'recon', 'recon.duckdb');
    rmSync(`${engineFile}.wal`, { force: true });
    writeFileSync(engineFile, Buffer.alloc(16384, 0x42));
    ({ core } = await createTestCore({ dataDir, withBuiltins: false }));
    try {
      const failed = (await call(core, 'reconcile.run', { id })) as { ok: false; error: { code: string; message: string } };
      expect(failed.ok).toBe(false);
      expect(failed.error.code).toBe('engine_damaged');
      expect(failed.error.message).toContain("Rebuild this workspace's engine from its sources");
      const rebuilt = (await call(core, 'reconcile.rebuildEngine', { id })) as { ok: true; value: WorkspaceState };
      expect(rebuilt.ok).toBe(true);
      expect(rebuilt.value.sources.left?.info.row_count).toBe(3);
      expect(rebuilt.value.sources.right?.info.name).toBe('bank.csv');
      expect(rebuilt.value.rules.map((r) => r.id)).toEqual(['k']);
      expect(rebuilt.value.runs).toEqual([]);
      const again = (await call(core, 'reconcile.run', { id })) as { ok: true; value: { summary: { matched_groups: number } } };
      expect(again.ok).toBe(true);
      expect(again.value.summary.matched_groups).toBe(2);
    } finally {
      await core.dispose();
    }
  }, 60_000);
});
