/** The `kalla` command's contract: exit 0 ok, 1 error, 2 usage. */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
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

  it('exits 2 with usage on an unknown command or option', () => {
    const r = kalla('frobnicate');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Unknown command "frobnicate"');
    const o = kalla('web', '--prot', '80');
    expect(o.status).toBe(2);
    expect(o.stderr).toContain('Unknown option --prot');
  });
});
