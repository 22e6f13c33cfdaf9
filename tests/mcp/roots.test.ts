/** Roots (issue 16): none by default, the folders the user chose, and list_changed (no restart) when they change. */
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, makeHost, waitFor, waitForStatus } from './helpers';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('roots', () => {
  it('offers no folders by default, the chosen ones once set, and announces a change without restarting', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('r', fixture('roots'));
    await waitForStatus(t.host, 'r', 'running');
    const roots = async () => {
      const result = await t.host.callTool('r', 'roots', {});
      expect(result.isError).toBe(false);
      return JSON.parse(result.content[0].text as string) as Array<{ uri: string; name: string }>;
    };
    expect(await roots()).toEqual([]);

    const pid = t.host.get('r')!.pid;
    await t.host.updateServer('r', fixture('roots', { roots: [t.dir, '/tmp'] }));
    await waitFor(() => t.host.logs('r').some((l) => l.text === 'roots: list changed'), 'the server to hear roots/list_changed', 10_000);
    expect(t.host.get('r')).toMatchObject({ status: 'running', pid, roots: [t.dir, '/tmp'] });
    expect(await roots()).toEqual([
      { uri: pathToFileURL(t.dir).href, name: t.dir.split('/').pop() },
      { uri: 'file:///tmp', name: 'tmp' },
    ]);
  });

  it('refuses relative folders', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await expect(t.host.addServer('bad', fixture('roots', { roots: ['docs'] }))).rejects.toThrow(/roots must be absolute folder paths/);
  });
});
