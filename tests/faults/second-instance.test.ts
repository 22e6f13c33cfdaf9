/**
 * Fault injection: a second instance on one data folder, and an instance
 * killed without a chance to clean up (issue 13, item 8). Two instances would
 * both read-modify-write the folder's files and undo each other, so the second
 * is refused with a message saying who holds the folder; a lock left by a
 * SIGKILLed process does not keep the folder locked forever.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE_NAME } from '../../src/main/instance-lock';
import { createTestCore } from '../helpers/core';
import { kallaArgs, ROOT } from '../helpers/kalla-command';

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-instance-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Kalla</title>');
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** `kalla web` from source on a data folder; resolves with its URL once it serves, or its exit. */
function kallaWeb(dataDir: string): Promise<{ child: ChildProcess; url?: string; code?: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...kallaArgs(), 'web', '--port', '0', '--json'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, KALLA_DATA_DIR: dataDir, KALLA_RENDERER_DIR: join(dir, 'renderer') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  let out = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, url: (JSON.parse(line) as { url: string }).url, stderr });
    });
    child.once('exit', (code) => resolve({ child, code, stderr }));
  });
}

describe('one instance per data folder', () => {
  it('refuses a second core on the folder with a message saying what to do, and allows it once the first is gone', async () => {
    const data = join(dir, 'in-process');
    const first = await createTestCore({ dataDir: data, withBuiltins: false });
    const second = createTestCore({ dataDir: data, withBuiltins: false });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`is already using the data folder ${data}`);
    await expect(second).rejects.toThrow('KALLA_DATA_DIR');
    await first.core.dispose();
    expect(existsSync(join(data, LOCK_FILE_NAME))).toBe(false);
    const third = await createTestCore({ dataDir: data, withBuiltins: false });
    await third.core.dispose();
  });

  it('a second `kalla web` on the same folder exits 1 and names the first; after the first is SIGKILLed the folder is usable again', async () => {
    const data = join(dir, 'processes');
    const first = await kallaWeb(data);
    expect(first.url, first.stderr).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#launch=/);

    const second = await kallaWeb(data);
    expect(second.code).toBe(1);
    expect(second.url).toBeUndefined();
    expect(second.stderr).toContain(`Another Kalla (browser mode, process ${first.child.pid}`);
    expect(second.stderr).toContain(`is already using the data folder ${data}`);
    // The first is untouched by the attempt.
    expect(first.child.exitCode).toBeNull();
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE_NAME), 'utf8')).pid).toBe(first.child.pid);

    // Killed with no chance to clean up: its lock stays behind, naming a process that is gone.
    await new Promise<void>((resolve) => {
      first.child.once('exit', () => resolve());
      first.child.kill('SIGKILL');
    });
    expect(existsSync(join(data, LOCK_FILE_NAME))).toBe(true);
    const third = await kallaWeb(data);
    expect(third.url, third.stderr).toBeDefined();
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE_NAME), 'utf8')).pid).toBe(third.child.pid);
    // That a clean stop releases the folder is checked in-process above (core.dispose()). Not here: a
    // `kalla web` spawned from this test took ~174 s to exit on SIGTERM in the integration run, while
    // the same command started from a shell exits in ~2.7 s — not yet explained (see docs/status.md).
    await new Promise<void>((resolve) => {
      third.child.once('exit', () => resolve());
      third.child.kill('SIGKILL');
    });
  }, 90_000);
});
