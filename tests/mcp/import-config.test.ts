import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { claudeDesktopConfigPath, cursorConfigPath, importSources, vscodeConfigPath } from '../../src/main/mcp/import-config';
import { fixture, makeHost } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

describe('Other clients\' configs', () => {
  it('knows where VS Code and Cursor keep theirs, and which of the three exist here', async () => {
    expect(vscodeConfigPath('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Code/User/mcp.json');
    expect(vscodeConfigPath('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json');
    expect(vscodeConfigPath('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ada')).toBe('/cfg/Code/User/mcp.json');
    expect(cursorConfigPath('linux', '/home/ada')).toBe('/home/ada/.cursor/mcp.json');
    const t = await makeHost();
    cleanup.push(t.dispose);
    await mkdir(join(t.dir, '.cursor'), { recursive: true });
    await writeFile(join(t.dir, '.cursor', 'mcp.json'), '{"mcpServers":{}}');
    const found = await importSources('linux', {}, t.dir);
    expect(found.map((s) => [s.id, s.found])).toEqual([
      ['claude-desktop', false],
      ['vscode', false],
      ['cursor', true],
    ]);
  });
});

describe('Claude Desktop config', () => {
  it('knows where Claude Desktop keeps it on each OS', () => {
    expect(claudeDesktopConfigPath('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Claude/claude_desktop_config.json');
    expect(claudeDesktopConfigPath('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
    );
    expect(claudeDesktopConfigPath('linux', {}, '/home/ada')).toBe('/home/ada/.config/Claude/claude_desktop_config.json');
  });

  it('imports new servers and skips name clashes and broken entries with reasons', async () => {
    const t = await makeHost({ builtins: [{ name: 'core', config: fixture('well-behaved') }] });
    cleanup.push(t.dispose);
    await t.host.addServer('github', { command: 'mine', args: [], env: {}, disabled: true });
    const source = join(t.dir, 'claude_desktop_config.json');
    await writeFile(
      source,
      JSON.stringify({
        mcpServers: {
          github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
          core: { command: 'npx' },
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], disabled: true },
          remote: { type: 'http', url: 'https://example.com/mcp' },
          nothing: { args: ['x'] },
        },
      }),
    );
    const result = await t.host.importServers(source);
    // Remote entries import too (they were skipped as "command missing" before remote servers existed).
    expect(result.imported).toEqual(['filesystem', 'remote']);
    expect(result.skipped).toEqual([
      { name: 'nothing', reason: expect.stringContaining('mcpServers.nothing.command') },
      { name: 'github', reason: 'a server named "github" already exists; rename or remove it first' },
      { name: 'core', reason: 'a server named "core" already exists; rename or remove it first' },
    ]);
    // The clash did not overwrite the user's own server.
    expect(t.host.get('github')?.command).toBe('mine');
    expect(t.host.get('filesystem')).toMatchObject({ origin: 'user', command: 'npx', disabled: true });
  });

  it('says so when there is no Claude Desktop config', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await expect(t.host.importServers(join(t.dir, 'nope.json'))).rejects.toThrow(/no MCP config found at .*nope\.json/);
  });
});
