/**
 * The dispatcher checks what our own handlers answer, not only what the renderer sends: a reply that
 * breaks the contract is an internal error (logged, never shown raw), and only the fields the contract
 * names cross to the renderer — a handler that returns more (a secret, a path) cannot leak it.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/main/ipc/dispatch';
import type { HandlerTable } from '../../src/main/ipc/handlers';

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
