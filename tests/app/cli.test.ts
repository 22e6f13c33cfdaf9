/** The `kalla` command's contract: exit 0 ok, 1 error, 2 usage. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kallaArgs } from '../helpers/kalla-command';

const ROOT = join(import.meta.dirname, '../..');
const kalla = (...args: string[]) =>
  spawnSync(process.execPath, [...kallaArgs(), ...args], { encoding: 'utf8', cwd: ROOT });

describe('kalla CLI', () => {
  it('prints its version and help', () => {
    const v = kalla('--version');
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const h = kalla('help');
    expect(h.status).toBe(0);
    expect(h.stdout).toContain('kalla web [--port N] [--open]');
  });

  // `kalla --version` loaded the whole app (1,033 CommonJS modules, 1.9 s); each command's code is
  // imported when it runs, and a workbook reader or a database driver only when a file or a
  // connection needs it (`kalla recon` on two CSVs: 4.1 s CPU before, 2.5 s after).
  it('starts without loading what the command does not use', () => {
    const loaded = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['--require', join(ROOT, 'tests/fixtures/hooks/print-loaded-packages.cjs'), ...kallaArgs(), ...args], { encoding: 'utf8', cwd: ROOT });
      return (/loaded packages: (.*)/.exec(r.stderr)?.[1] ?? '').split(',');
    };
    const version = loaded('--version');
    for (const heavy of ['@duckdb/node-api', 'exceljs', 'pg', 'ws', '@anthropic-ai/sdk']) expect(version, heavy).not.toContain(heavy);
    const dir = mkdtempSync(join(tmpdir(), 'kalla-start-'));
    try {
      writeFileSync(join(dir, 'l.csv'), 'ref,amount,date\nA1,10.00,2024-03-01\n');
      writeFileSync(join(dir, 'r.csv'), 'ref,amount,date\nA1,10.00,2024-03-01\n');
      const recon = loaded('recon', '--left', join(dir, 'l.csv'), '--right', join(dir, 'r.csv'), '--out', join(dir, 'out'));
      expect(recon).toContain('@duckdb/node-api');
      for (const heavy of ['exceljs', 'pg', 'ws']) expect(recon, heavy).not.toContain(heavy);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with usage on an unknown command or option', () => {
    const r = kalla('frobnicate');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Unknown command "frobnicate"');
    const o = kalla('web', '--prot', '80');
    expect(o.status).toBe(2);
    expect(o.stderr).toContain('Unknown option --prot');
  });
});
