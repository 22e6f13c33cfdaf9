import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandNotFoundError, loginShellEnv, mergeEnv, resolveCommand } from '../../src/main/mcp/shell-env';
import { tempDir } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

async function script(dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

describe.skipIf(process.platform === 'win32')('login shell environment', () => {
  it('reads the environment a login shell sets up, ignoring what its profile prints', async () => {
    const d = await tempDir();
    cleanup.push(d.cleanup);
    // Stands in for zsh/bash: called as `$SHELL -ilc <command>`, sets up a profile, then runs the command.
    const shell = await script(
      d.path,
      'fake-shell',
      `[ "$1" = "-ilc" ] || exit 64\necho "Welcome back! (profile banner)"\nexport KALLA_PROFILE_MARKER=from-profile\nexport PATH="/opt/profile/bin:$PATH"\nexec /bin/sh -c "$2"`,
    );
    const fallbacks: string[] = [];
    const env = await loginShellEnv({ shell, baseEnv: { PATH: '/usr/bin:/bin', HOME: d.path }, onFallback: (r) => fallbacks.push(r) });
    expect(fallbacks).toEqual([]);
    expect(env.KALLA_PROFILE_MARKER).toBe('from-profile');
    expect(env.PATH.split(':')[0]).toBe('/opt/profile/bin');
    expect(env.ELECTRON_RUN_AS_NODE).toBeUndefined();
  });

  it('falls back to the process environment when the shell fails, is missing or hangs', async () => {
    const d = await tempDir();
    cleanup.push(d.cleanup);
    const failing = await script(d.path, 'failing-shell', 'echo "bad profile" >&2\nexit 3');
    const hanging = await script(d.path, 'hanging-shell', 'exec sleep 30');
    const base = { PATH: '/usr/bin:/bin', ONLY_IN_PROCESS: 'yes' };
    const cases: Array<[string, number, string]> = [
      [failing, 10_000, 'exited with code 3: bad profile'],
      [join(d.path, 'no-such-shell'), 10_000, 'ENOENT'],
      [hanging, 300, 'timed out after 300 ms'],
    ];
    for (const [shell, timeoutMs, reason] of cases) {
      const fallbacks: string[] = [];
      const env = await loginShellEnv({ shell, baseEnv: base, timeoutMs, onFallback: (r) => fallbacks.push(r) });
      expect(env).toEqual(base);
      expect(fallbacks).toHaveLength(1);
      expect(fallbacks[0]).toContain(reason);
    }
  });
});

describe('environment merge and command resolution', () => {
  it('lets the server env win over the login env', () => {
    expect(mergeEnv({ PATH: '/a', KEEP: '1', X: 'login' }, { X: 'server' }, 'linux')).toEqual({ PATH: '/a', KEEP: '1', X: 'server' });
    expect(mergeEnv({ Path: 'C:\\a' }, { PATH: 'C:\\b' }, 'win32')).toEqual({ PATH: 'C:\\b' });
  });

  it.skipIf(process.platform === 'win32')('finds executables on PATH and names the command and the directories when it cannot', async () => {
    const d = await tempDir();
    cleanup.push(d.cleanup);
    const bin = join(d.path, 'bin');
    await mkdir(bin);
    const tool = await script(bin, 'my-tool', 'true');
    await writeFile(join(bin, 'not-executable'), 'data');
    const PATH = ['/nonexistent/one', bin].join(':');
    expect(resolveCommand('my-tool', PATH)).toBe(tool);
    expect(resolveCommand('./bin/my-tool', '', { cwd: d.path })).toBe(tool);

    let error: unknown;
    try {
      resolveCommand('not-executable', PATH);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CommandNotFoundError);
    expect((error as Error).message).toBe(
      `command "not-executable" was not found on PATH; searched: /nonexistent/one, ${bin}. Install it, or use its full path in the server's "command".`,
    );
    expect(() => resolveCommand('npx', '')).toThrow('command "npx" was not found: PATH is empty');
  });
});
