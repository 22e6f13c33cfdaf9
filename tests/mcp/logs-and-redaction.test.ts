import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogBuffer } from '../../src/main/mcp/log-buffer';
import { createRedactor, isSecretName, redact } from '../../src/main/base/secrets';
import { fixture, makeHost, tempDir, waitFor, waitForStatus } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

describe('redaction', () => {
  it('recognises secret-looking env names', () => {
    for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'PGPASS', 'CLIENT_SECRET', 'AUTH_HEADER', 'GOOGLE_CREDENTIALS']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'HOME', 'PORT', 'NODE_ENV', 'PWD']) expect(isSecretName(name), name).toBe(false);
  });

  it('hides the values of secret env entries and well-known token shapes', () => {
    const r = createRedactor({ MY_API_KEY: 'hunter2-value', PORT: '8080', SHORT_TOKEN: 'ab' });
    expect(r('connecting with hunter2-value on port 8080')).toBe('connecting with [redacted] on port 8080');
    expect(r('token ab')).toBe('token ab');
    const samples = [
      'sk-ant-api03-abcdefghijklmnop_qrs',
      'sk-proj-abcdefghijklmnopqrstuvwx',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'xoxb-1234567890-abcdefghij',
      'AKIAIOSFODNN7EXAMPLE',
    ];
    for (const secret of samples) expect(redact(`value=${secret} end`), secret).toBe('value=[redacted] end');
    expect(redact('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig')).toBe('Authorization: Bearer [redacted]');
    expect(redact('using API_KEY=abcd1234 for now')).toBe('using API_KEY=[redacted] for now');
    expect(redact('{"password": "correct horse battery"}')).toBe('{"password": "[redacted]"}');
    expect(redact('nothing secret here, sk is fine')).toBe('nothing secret here, sk is fine');
  });
});

describe('log buffer', () => {
  it('keeps the newest lines in memory and rotates the file when it gets too big', async () => {
    const d = await tempDir();
    cleanup.push(d.cleanup);
    const file = join(d.path, 'logs', 's.log');
    const log = new LogBuffer({ server: 's', file, capacity: 3, maxFileBytes: 400 });
    for (let i = 1; i <= 10; i++) log.push('stderr', `line ${i} ${'x'.repeat(20)}`);
    await log.flush();
    expect(log.lines().map((l) => l.text.split(' ')[1])).toEqual(['8', '9', '10']);
    expect(log.lines(1)[0].text).toMatch(/^line 10 /);
    expect((await readdir(join(d.path, 'logs'))).sort()).toEqual(['s.log', 's.log.1']);
    const current = await readFile(file, 'utf8');
    expect(current.length).toBeLessThanOrEqual(400);
    expect(current.trimEnd().split('\n').at(-1)).toMatch(/ \[stderr\] line 10 x+$/);
  });
});

describe('server logs', () => {
  it('writes stderr to <dataDir>/logs/<server>.log with secrets redacted', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('talker', fixture('well-behaved', { env: { SERVICE_TOKEN: 'tk-live-0123456789' } }));
    await waitForStatus(t.host, 'talker', 'running');
    await t.host.callTool('talker', 'log_stderr', { text: 'auth with tk-live-0123456789 and ghp_abcdefghijklmnopqrstuvwxyz0123456789' });
    const expected = 'auth with [redacted] and [redacted]';
    await waitFor(() => t.host.logs('talker').some((l) => l.text === expected), 'the stderr line');
    const view = t.host.get('talker')!;
    expect(view.logFile).toBe(join(t.dir, 'logs', 'talker.log'));
    const logEvents = t.events.flatMap((e) => (e.type === 'log' && e.line.server === 'talker' ? [e.line.text] : []));
    expect(logEvents).toContain(expected);
    await t.host.stop();
    const text = await readFile(view.logFile!, 'utf8');
    expect(text).toContain(`[stderr] ${expected}`);
    expect(text).toContain('[stderr] well-behaved server ready');
    expect(text).not.toContain('tk-live-0123456789');
  });
});
