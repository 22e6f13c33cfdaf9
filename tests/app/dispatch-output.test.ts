/**
 * The dispatcher checks what our own handlers answer, not only what the renderer sends: a reply that
 * breaks the contract is an internal error (logged, never shown raw), and only the fields the contract
 * names cross to the renderer — a handler that returns more (a secret, a path) cannot leak it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, formatZodIssues } from '../../src/main/ipc/dispatch';
import { UserError } from '../../src/main/errors';
import type { HandlerTable } from '../../src/main/ipc/handler-types';

const info = { name: 'Kalla', version: '1.0.0', mode: 'browser', platform: 'linux', dataDir: '/d', logsDir: '/d/logs', versions: { node: '20' } };

function dispatcherAnswering(value: unknown) {
  const logged: string[] = [];
  const table = { 'app.info': async () => value } as unknown as HandlerTable;
  return { dispatch: createDispatcher(table, (e) => logged.push(String(e))), logged };
}

describe('dispatch output validation', () => {
  it('answers a reply that fits the contract', async () => {
    const { dispatch, logged } = dispatcherAnswering(info);
    expect(await dispatch('app.info', {})).toEqual({ ok: true, value: info });
    expect(logged).toEqual([]);
  });

  it('turns a reply that breaks the contract into an internal error and logs which field', async () => {
    const { dispatch, logged } = dispatcherAnswering({ ...info, mode: 'desktop', version: 3 });
    expect(await dispatch('app.info', {})).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error in app.info; see the app log.' } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/app\.info returned invalid output: .*version/);
  });

  it('sends only the fields the contract names', async () => {
    const { dispatch } = dispatcherAnswering({ ...info, apiKey: 'sk-ant-secret' });
    const r = await dispatch('app.info', {});
    expect(r.ok && r.value).toEqual(info);
    expect(JSON.stringify(r)).not.toContain('sk-ant-secret');
  });
});

describe('dispatch error messages', () => {
  const throwing = (e: unknown) => createDispatcher({ 'app.info': async () => { throw e; } } as unknown as HandlerTable);

  it('reports a service failure as `failed` with its message, and a UserError with its own code', async () => {
    expect(await throwing(new Error('disk full'))('app.info', {})).toEqual({ ok: false, error: { code: 'failed', message: 'disk full' } });
    expect(await throwing(new UserError('no such workspace'))('app.info', {})).toEqual({ ok: false, error: { code: 'failed', message: 'no such workspace' } });
    expect(await throwing(new UserError('gone', 'not_found'))('app.info', {})).toEqual({ ok: false, error: { code: 'not_found', message: 'gone' } });
  });

  it('keeps invalid-input messages short and readable: at most five problems, each with its field, "; " between', async () => {
    const dispatch = createDispatcher({} as HandlerTable);
    const r = await dispatch('servers.add', { name: 7, config: 'x', a: 1, b: 2, c: 3, d: 4, e: 5 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const problems = r.error.message.replace(/^Invalid input for servers\.add: /, '').split('; ');
    expect(problems.length).toBeGreaterThan(1);
    expect(problems.length).toBeLessThanOrEqual(5);
    expect(problems[0]).toMatch(/^\w[\w.]*: /);
    const whole = await dispatch('servers.add', 'not an object');
    expect(!whole.ok && whole.error.message).toMatch(/^Invalid input for servers\.add: \(input\): /);
  });

  it('names five problems at most, however many there are', () => {
    const eight = z.object(Object.fromEntries('abcdefgh'.split('').map((k) => [k, z.string()])));
    const parsed = eight.safeParse(Object.fromEntries('abcdefgh'.split('').map((k) => [k, 1])));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues).toHaveLength(8);
    const problems = formatZodIssues(parsed.error).split('; ');
    expect(problems.map((p) => p.split(':')[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('does not echo a long unknown channel name back in full', async () => {
    const r = await createDispatcher({} as HandlerTable)('x'.repeat(5000), {});
    expect(!r.ok && r.error.message).toBe(`Unknown channel "${'x'.repeat(80)}".`);
  });

  it('works without an internal-error logger', async () => {
    const dispatch = createDispatcher({ 'app.info': async () => ({ broken: true }) } as unknown as HandlerTable);
    expect(await dispatch('app.info', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
