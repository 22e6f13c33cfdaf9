/**
 * Remote servers (issue 16): Streamable HTTP with headers, the legacy SSE
 * fall-back, and the file shapes of Claude Desktop and VS Code / Cursor.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHost, waitFor, waitForStatus } from './helpers';
import { startRemoteServer } from './remote-server';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('remote servers', () => {
  it('connects over Streamable HTTP with the configured headers, which never reach the window or the log', async () => {
    const remote = await startRemoteServer('streamable-http', { requireAuthorization: 'Bearer tok-remote-123456' });
    cleanup.push(remote.close);
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('far', { url: remote.url, type: 'http', headers: { Authorization: 'Bearer tok-remote-123456' }, args: [], env: {} });
    const view = await waitForStatus(t.host, 'far', 'running');
    expect(view).toMatchObject({ command: remote.url, transport: 'streamable-http', headerKeys: ['Authorization'] });
    expect(view.pid).toBeUndefined();
    expect(t.host.tools('far').map((tool) => tool.name)).toEqual(['echo']);
    expect((await t.host.callTool('far', 'echo', { text: 'over http' })).structuredContent).toEqual({ text: 'over http' });
    expect(remote.authorizations.every((a) => a === 'Bearer tok-remote-123456')).toBe(true);
    expect(JSON.stringify(t.events)).not.toContain('tok-remote-123456');
    expect(JSON.stringify(t.host.logs('far'))).not.toContain('tok-remote-123456');

    await t.host.stopServer('far');
    expect(t.host.get('far')?.status).toBe('stopped');
  });

  it('falls back to the legacy SSE transport when the server does not speak Streamable HTTP', async () => {
    const remote = await startRemoteServer('sse', { requireAuthorization: 'Bearer sse-token-99' });
    cleanup.push(remote.close);
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('old', { url: remote.url, headers: { Authorization: 'Bearer sse-token-99' }, args: [], env: {} });
    const view = await waitForStatus(t.host, 'old', 'running');
    expect(view.transport).toBe('sse');
    expect(t.host.logs('old').some((l) => /answered Streamable HTTP with 405; trying the legacy SSE transport/.test(l.text))).toBe(true);
    expect((await t.host.callTool('old', 'echo', { text: 'over sse' })).structuredContent).toEqual({ text: 'over sse' });
  });

  it('a remote server that refuses us ends in error at once with the HTTP status and what to do', async () => {
    const remote = await startRemoteServer('streamable-http', { requireAuthorization: 'Bearer right' });
    cleanup.push(remote.close);
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('denied', { url: remote.url, headers: { Authorization: 'Bearer wrong' }, args: [], env: {} });
    const view = await waitForStatus(t.host, 'denied', 'error');
    expect(view.error).toBe('the server refused the connection (HTTP 401): check the Authorization header in its config');
    // Retrying cannot make a refused credential valid: one attempt, no restarts.
    expect(t.statuses('denied')).toEqual(['stopped', 'starting', 'error']);
  });

  it('an entry with neither command nor url, or both, is refused with the field named', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await expect(t.host.addServer('none', { args: [], env: {} })).rejects.toThrow(/mcpServers\.none\.command: set "command" \(a local server\) or "url" \(a remote server\)/);
    await expect(t.host.addServer('both', { command: 'npx', url: 'https://x.example/mcp', args: [], env: {} })).rejects.toThrow(/not both/);
    await expect(t.host.addServer('ftp', { url: 'ftp://x.example/mcp', args: [], env: {} })).rejects.toThrow(/url must start with http/);
  });
});

describe('file shapes', () => {
  it('a VS Code style {"servers": …} file is reported, not loaded as zero servers silently', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await writeFile(join(t.dir, 'mcp-servers.json'), JSON.stringify({ servers: { fs: { type: 'stdio', command: 'npx' } } }));
    const { problems } = await t.host.reloadConfig();
    expect(problems).toEqual([expect.objectContaining({ where: 'servers', message: expect.stringMatching(/VS Code's "servers" key.*"mcpServers"/) })]);
  });

  it('imports VS Code / Cursor files (servers, type, url, headers) and says why ${input:…} entries are skipped', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    const source = join(t.dir, 'mcp.json');
    await writeFile(
      source,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'gh-token', password: true }],
        servers: {
          local: { type: 'stdio', command: 'node', args: ['server.js'] },
          hosted: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'recon' } },
          github: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${input:gh-token}' } },
        },
      }),
    );
    // A dry run says what would happen and which inputs are needed, and changes nothing.
    const preview = await t.host.planImport(source);
    expect(preview).toEqual({
      toAdd: ['local', 'hosted'],
      servers: [
        { name: 'local', command: 'node', args: ['server.js'], envNames: [], headerNames: [], warnings: [] },
        { name: 'hosted', args: [], url: 'https://mcp.example.com/mcp', envNames: [], headerNames: ['X-Team'], warnings: [] },
      ],
      skipped: [{ name: 'github', reason: 'needs "gh-token": enter it to import this server' }],
      inputs: [{ id: 'gh-token', password: true }],
    });
    expect(t.host.get('local')).toBeUndefined();

    const result = await t.host.importServers(source);
    expect(result.imported.sort()).toEqual(['hosted', 'local']);
    expect(result.skipped).toEqual([{ name: 'github', reason: 'needs "gh-token": enter it to import this server' }]);
    expect(t.host.get('hosted')).toMatchObject({ command: 'https://mcp.example.com/mcp', headerKeys: ['X-Team'] });

    // With the input's value the server imports, the value in place of the reference.
    const again = await t.host.importServers(source, { 'gh-token': 'ghp_e2e_value' });
    expect(again.imported).toEqual(['github']);
    expect(JSON.parse(await t.host.readConfigText()).mcpServers.github.headers).toEqual({ Authorization: 'Bearer ghp_e2e_value' });
  });
});
