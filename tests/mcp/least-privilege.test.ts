/**
 * Issue 13 items 2 and 11: user servers see a minimal environment; stopping a
 * server takes its whole process group down (with escalation); a flood of
 * stderr reaches the window as a bounded number of events. Issue 29: on Linux, descendants that
 * left the group with setsid go too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { minimalEnv } from '../../src/main/mcp/shell-env';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';
import { readFileSync } from 'node:fs';

const cleanup: Array<() => Promise<void>> = [];
/** Helpers a failing test would leave running: killed after each test. */
const stray: number[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
  for (const pid of stray.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-secret-1', AWS_SECRET_ACCESS_KEY: 'aws-secret-2', AWS_PROFILE: 'work' };

/** Gone, or a zombie nobody reaps (pid 1 in a container may not): either way it runs no more. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('user server environment', () => {
  it('gets PATH, HOME and the like plus its own env and inheritEnv, never the rest of the app environment', async () => {
    const t = await makeHost({ spawnEnv: async () => ({ PATH: process.env.PATH ?? '', HOME: '/home/someone', LANG: 'C.UTF-8', LC_TIME: 'de_DE', ...SECRETS }) });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('plain', fixture('well-behaved', { env: { OWN: 'mine' } }));
    await t.host.addServer('aws', fixture('well-behaved', { inheritEnv: ['AWS_PROFILE'] }));
    await waitForStatus(t.host, 'plain', 'running');
    await waitForStatus(t.host, 'aws', 'running');
    const read = async (server: string, name: string) =>
      (JSON.parse((await t.host.callTool(server, 'env', { name })).content[0].text as string) as { value: string | null }).value;

    expect(await read('plain', 'HOME')).toBe('/home/someone');
    expect(await read('plain', 'LANG')).toBe('C.UTF-8');
    expect(await read('plain', 'LC_TIME')).toBe('de_DE');
    expect(await read('plain', 'OWN')).toBe('mine');
    for (const name of Object.keys(SECRETS)) expect(await read('plain', name)).toBeNull();
    expect(await read('aws', 'AWS_PROFILE')).toBe('work');
    expect(await read('aws', 'AWS_SECRET_ACCESS_KEY')).toBeNull();
    expect(t.host.get('aws')?.inheritEnv).toEqual(['AWS_PROFILE']);
  });

  it('on Windows matches names case-insensitively and keeps what cmd.exe and npx need', () => {
    const env = minimalEnv({ Path: 'C:\\bin', SystemRoot: 'C:\\Windows', APPDATA: 'x', GITHUB_TOKEN: 't', aws_profile: 'p' }, ['AWS_PROFILE'], 'win32');
    expect(env).toEqual({ Path: 'C:\\bin', SystemRoot: 'C:\\Windows', APPDATA: 'x', aws_profile: 'p' });
  });

  it('drops exported shell functions', () => {
    expect(minimalEnv({ PATH: '/bin', SHELL: '() { :; }; echo pwned' }, [], 'linux')).toEqual({ PATH: '/bin' });
  });
});

describe('server processes', () => {
  it('stop takes down a helper the server started, even when both ignore SIGTERM', async () => {
    const t = await makeHost({ killGraceMs: 300 });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('family', fixture('family'));
    await waitForStatus(t.host, 'family', 'running');
    const helper = Number((await t.host.callTool('family', 'helper_pid', {})).content[0].text);
    const server = t.host.get('family')!.pid!;
    expect(running(helper)).toBe(true);

    await t.host.stopServer('family');
    await waitFor(() => !running(helper) && !running(server), 'the server and its helper to be gone', 5000);
  });

  it('host.stop (app quit) does the same', async () => {
    const t = await makeHost({ killGraceMs: 300 });
    await t.host.start();
    await t.host.addServer('family', fixture('family'));
    await waitForStatus(t.host, 'family', 'running');
    const helper = Number((await t.host.callTool('family', 'helper_pid', {})).content[0].text);
    await t.dispose();
    expect(running(helper)).toBe(false);
  });
});

describe.skipIf(process.platform !== 'linux')('server processes in a session of their own (Linux)', () => {
  const sessionOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[3]);

  it('stop takes down a helper that left the process group with setsid, even when it ignores SIGTERM', async () => {
    const t = await makeHost({ killGraceMs: 300 });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('setsid', fixture('setsid-family'));
    await waitForStatus(t.host, 'setsid', 'running');
    const helper = Number((await t.host.callTool('setsid', 'helper_pid', {})).content[0].text);
    const server = t.host.get('setsid')!.pid!;
    expect(running(helper)).toBe(true);
    // A session (and so a process group) of its own: signalling the server's group misses it.
    expect(sessionOf(helper)).toBe(helper);
    expect(sessionOf(helper)).not.toBe(sessionOf(server));
    stray.push(helper);

    const started = performance.now();
    await t.host.stopServer('setsid');
    console.log(`stop with a setsid helper: ${Math.round(performance.now() - started)} ms`);
    await waitFor(() => !running(helper) && !running(server), 'the server and its setsid helper to be gone', 5000);
  });

  it('host.stop (app quit) does the same', async () => {
    const t = await makeHost({ killGraceMs: 300 });
    await t.host.start();
    await t.host.addServer('setsid', fixture('setsid-family'));
    await waitForStatus(t.host, 'setsid', 'running');
    const helper = Number((await t.host.callTool('setsid', 'helper_pid', {})).content[0].text);
    stray.push(helper);
    await t.dispose();
    await waitFor(() => !running(helper), 'the setsid helper to be gone', 5000);
  });
});

describe('log events', () => {
  it('100 MiB of stderr reaches listeners as a bounded number of events, with a count of what was left out', async () => {
    const t = await makeHost({ maxLogFileBytes: 1024 * 1024 });
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('loud', fixture('well-behaved'));
    await waitForStatus(t.host, 'loud', 'running');
    const started = Date.now();
    await t.host.callTool('loud', 'flood_stderr', { mb: 100 }, { timeoutMs: 300_000 });
    // The call answers once stdout is read; stderr may still be draining.
    await waitFor(() => t.host.logs('loud').at(-1)?.text.startsWith('noise'), 'the flood to be read', 120_000);
    await new Promise((r) => setTimeout(r, 400));
    const seconds = (Date.now() - started) / 1000;
    const logEvents = t.events.filter((e) => e.type === 'log');
    const summaries = logEvents.filter((e) => e.type === 'log' && /more log lines arrived too fast/.test(e.line.text));
    console.info(`100 MiB stderr flood: ${logEvents.length} log events (${summaries.length} summaries) in ${seconds.toFixed(1)} s`);
    // ~100k lines arrived; at most 50 per 250 ms window (+1 summary) may go out.
    expect(logEvents.length).toBeLessThan(Math.ceil(seconds * 4 + 2) * 51);
    expect(logEvents.length).toBeLessThan(20_000);
    expect(summaries.length).toBeGreaterThan(0);
  }, 300_000);
});
