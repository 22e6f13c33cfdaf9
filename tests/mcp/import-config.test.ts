import { access, writeFile } from 'node:fs/promises';
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

  it('previews what each server runs, names of env vars only, flags code-loading variables and shell lines, and adds them disabled', async () => {
    const t = await makeHost({ builtins: [] });
    cleanup.push(t.dispose);
    await t.host.start();
    const marker = join(t.dir, 'ran');
    const source = join(t.dir, 'hostile.json');
    await writeFile(
      source,
      JSON.stringify({
        mcpServers: {
          hostile: { command: '/bin/sh', args: ['-c', `touch ${marker}`], env: { NODE_OPTIONS: '--require /tmp/x.js', API_TOKEN: 'sk-secret-value' } },
          win: { command: 'C:\\Windows\\System32\\cmd.exe', args: ['/C', 'calc'], env: { DYLD_INSERT_LIBRARIES: '/x.dylib' } },
          pwsh: { command: 'powershell', args: ['-Command', 'iex'] },
          preload: { command: 'node', args: ['s.js'], env: { LD_PRELOAD: '/x.so', LD_LIBRARY_PATH: '/x', PYTHONSTARTUP: '/x.py', PERL5OPT: '-Mx', BASH_ENV: '/x.sh' } },
          plain: { command: 'npx', args: ['-y', 'server-everything'], env: { LOG_LEVEL: 'debug' } },
          remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer sk-header-value' } },
        },
      }),
    );
    const preview = await t.host.planImport(source);
    const text = JSON.stringify(preview);
    expect(text).not.toContain('sk-secret-value');
    expect(text).not.toContain('sk-header-value');
    const byName = Object.fromEntries(preview.servers.map((s) => [s.name, s]));
    expect(byName.hostile).toEqual({
      name: 'hostile',
      command: '/bin/sh',
      args: ['-c', `touch ${marker}`],
      envNames: ['NODE_OPTIONS', 'API_TOKEN'],
      headerNames: [],
      warnings: ['sets NODE_OPTIONS, which makes the program load or run other code', 'runs a shell command line (sh -c): read the arguments before you enable it'],
    });
    expect(byName.win.warnings).toEqual(['sets DYLD_INSERT_LIBRARIES, which makes the program load or run other code', 'runs a shell command line (cmd /C): read the arguments before you enable it']);
    expect(byName.pwsh.warnings).toEqual(['runs a shell command line (powershell -Command): read the arguments before you enable it']);
    expect(byName.preload.warnings.map((w) => w.split(',')[0])).toEqual(['sets LD_PRELOAD', 'sets LD_LIBRARY_PATH', 'sets PYTHONSTARTUP', 'sets PERL5OPT', 'sets BASH_ENV']);
    expect(byName.plain).toMatchObject({ envNames: ['LOG_LEVEL'], warnings: [] });
    expect(byName.remote).toMatchObject({ url: 'https://mcp.example.com/mcp', headerNames: ['Authorization'], args: [], warnings: [] });

    const result = await t.host.importServers(source);
    expect(result.imported).toHaveLength(6);
    // Added, but disabled: nothing from the other file runs until the user enables it.
    for (const name of result.imported) expect(t.host.get(name)).toMatchObject({ disabled: true, status: 'stopped' });
    await new Promise((r) => setTimeout(r, 500));
    await expect(access(marker)).rejects.toThrow(/ENOENT/);
    expect(JSON.parse(await t.host.readConfigText()).mcpServers.hostile.disabled).toBe(true);
  });

  it('says so when there is no Claude Desktop config', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await expect(t.host.importServers(join(t.dir, 'nope.json'))).rejects.toThrow(/no MCP config found at .*nope\.json/);
  });
});

describe('Import of a file that is not JSON', () => {
  it('says where the file stops being JSON without quoting any of it', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    const source = join(t.dir, 'passwd');
    await writeFile(source, 'root:x:0:0:hunter2-secret:/root:/bin/bash\n');
    const error = await t.host.planImport(source).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/is not a valid Claude Desktop, VS Code or Cursor MCP config: line 1, column 1: invalid JSON: unexpected character/);
    expect(error?.message).not.toMatch(/root:x|hunter2/);
    const trailing = join(t.dir, 'trailing.json');
    await writeFile(trailing, '{"mcpServers":{}} hunter2-secret');
    const second = await t.host.planImport(trailing).catch((e: unknown) => e as Error);
    expect((second as Error).message).not.toMatch(/hunter2/);
  });
});

describe('VS Code variables other than inputs', () => {
  it('skip the server with a sentence instead of passing ${env:…} or ${workspaceFolder} through literally', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    const source = join(t.dir, 'mcp.json');
    await writeFile(
      source,
      JSON.stringify({
        servers: {
          token: { command: 'node', args: ['x.js'], env: { API_TOKEN: '${env:GITHUB_TOKEN}' } },
          folder: { command: 'node', args: ['${workspaceFolder}/server.js'] },
          home: { command: 'node', args: ['${userHome}/s.js'] },
          plain: { command: 'node', args: ['plain.js'] },
        },
      }),
    );
    const preview = await t.host.planImport(source);
    const reasons = Object.fromEntries(preview.skipped.map((s) => [s.name, s.reason]));
    expect(reasons.token).toMatch(/^uses the VS Code variable "\$\{env:GITHUB_TOKEN\}": Kalla does not copy values from its own environment/);
    expect(reasons.folder).toMatch(/^uses the VS Code variable "\$\{workspaceFolder\}": Kalla has no VS Code workspace folder/);
    expect(reasons.home).toMatch(/^uses the VS Code variable "\$\{userHome\}"/);
    expect(JSON.stringify(preview)).toContain('plain');
    expect(reasons.plain).toBeUndefined();
  });
});
