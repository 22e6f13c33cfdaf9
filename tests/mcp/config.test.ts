import { readFile, writeFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadServersFile, parseServersText, updateServersFile } from '../../src/main/mcp/config';
import { fixture, makeHost, tempDir } from './helpers';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

async function dir() {
  const d = await tempDir();
  cleanup.push(d.cleanup);
  return d.path;
}

describe('mcp-servers.json parsing', () => {
  it('names line and column of a JSON syntax error', () => {
    const text = '{\n  "mcpServers": {\n    "fs": { "command": "npx", }\n  }\n}\n';
    const { problems, servers } = parseServersText(text, '/x/mcp-servers.json');
    expect(servers).toEqual({});
    expect(problems).toHaveLength(1);
    // Column 31 is the '}' where a property name must follow the ','.
    expect(problems[0]).toMatchObject({ file: '/x/mcp-servers.json', where: 'line 3, column 31' });
    expect(problems[0].message).toMatch(/^invalid JSON: /);
  });

  it('reports an unterminated file at its end', () => {
    const { problems } = parseServersText('{\n  "mcpServers": {\n', 'f');
    expect(problems[0].where).toBe('line 3, column 1');
  });

  it('names the field path of a wrong type and still loads the other servers', () => {
    const text = JSON.stringify({
      mcpServers: {
        good: { command: 'node', args: ['server.js'] },
        fs: { command: 42 },
        env: { command: 'x', env: { PORT: 8080 } },
        'bad name': { command: 'x' },
      },
    });
    const { servers, problems } = parseServersText(text, 'f');
    expect(Object.keys(servers)).toEqual(['good']);
    expect(servers.good).toMatchObject({ command: 'node', args: ['server.js'], env: {} });
    expect(problems.map((p) => p.where)).toEqual(['mcpServers.fs.command', 'mcpServers.env.env.PORT', 'mcpServers["bad name"]']);
    expect(problems[0].message).toMatch(/string/);
  });

  it('rejects a top level that is not an object, and treats a missing file as empty', async () => {
    expect(parseServersText('[]', 'f').problems[0]).toMatchObject({ where: '(top level)' });
    expect(parseServersText('{"mcpServers": []}', 'f').problems[0]).toMatchObject({ where: 'mcpServers' });
    expect(await loadServersFile(join(await dir(), 'absent.json'))).toMatchObject({ servers: {}, problems: [] });
  });

  it('saves atomically and keeps fields it does not know', async () => {
    const path = join(await dir(), 'mcp-servers.json');
    await writeFile(
      path,
      JSON.stringify({ globalShortcut: 'Ctrl+Space', mcpServers: { a: { command: 'node', type: 'stdio', custom: { x: 1 } } } }),
    );
    await updateServersFile(path, (servers) => {
      servers.b = { command: 'python' };
    });
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved).toEqual({
      globalShortcut: 'Ctrl+Space',
      mcpServers: { a: { command: 'node', type: 'stdio', custom: { x: 1 } }, b: { command: 'python' } },
    });
    // No temp files left behind next to it.
    expect(await readdir(join(path, '..'))).toEqual(['mcp-servers.json']);
  });

  it('refuses to overwrite a file that does not parse', async () => {
    const path = join(await dir(), 'mcp-servers.json');
    await writeFile(path, '{ broken');
    await expect(updateServersFile(path, () => {})).rejects.toThrow(/is not valid JSON \(line 1, column 3/);
    expect(await readFile(path, 'utf8')).toBe('{ broken');
  });
});

describe('McpHost config editing', () => {
  it('reports problems on load while loading the good entries', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await writeFile(t.host.configPath(), JSON.stringify({ mcpServers: { ok: fixture('well-behaved', { disabled: true }), bad: { args: [] } } }));
    await t.host.start();
    expect(t.host.list().map((s) => s.name)).toEqual(['ok']);
    expect(t.host.configProblems()).toEqual([{ file: t.host.configPath(), where: 'mcpServers.bad.command', message: expect.any(String) }]);
    expect(t.events).toContainEqual({ type: 'config', problems: t.host.configProblems() });
  });

  it('refuses to save invalid JSON from the raw editor and leaves the file untouched', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('keep', fixture('well-behaved', { disabled: true }));
    const before = await t.host.readConfigText();
    const { problems } = await t.host.writeConfigText('{\n  "mcpServers": {\n    "x": \n');
    expect(problems[0].where).toBe('line 4, column 1');
    expect(await t.host.readConfigText()).toBe(before);
    expect(t.host.get('keep')).toBeDefined();
  });

  it('applies raw edits: keeps the text as written, adds and removes servers, reports bad entries', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await t.host.addServer('old', fixture('well-behaved', { disabled: true }));
    const text = `{\n  // not JSON\n}`;
    expect((await t.host.writeConfigText(text)).problems[0].where).toBe('line 2, column 3');
    const next = `${JSON.stringify({ note: 'mine', mcpServers: { new: { ...fixture('well-behaved'), disabled: true }, half: { command: '' } } }, null, 4)}\n`;
    const { problems } = await t.host.writeConfigText(next);
    expect(problems.map((p) => p.where)).toEqual(['mcpServers.half.command']);
    expect(await t.host.readConfigText()).toBe(next);
    expect(t.host.list().map((s) => s.name)).toEqual(['new']);
    expect(t.events).toContainEqual({ type: 'removed', server: 'old' });
  });

  it('picks up outside edits on reloadConfig', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await t.host.start();
    await writeFile(t.host.configPath(), JSON.stringify({ mcpServers: { edited: { command: 'node', disabled: true }, bad: {} } }));
    const { problems } = await t.host.reloadConfig();
    expect(problems.map((p) => p.where)).toEqual(['mcpServers.bad.command']);
    expect(t.host.get('edited')).toMatchObject({ origin: 'user', status: 'stopped', disabled: true });
  });

  it('updates a server keeping its unknown fields, and persists disabled flags in the file', async () => {
    const t = await makeHost();
    cleanup.push(t.dispose);
    await writeFile(t.host.configPath(), JSON.stringify({ mcpServers: { s: { command: 'node', args: ['a.js'], disabled: true, type: 'stdio' } } }));
    await t.host.start();
    await t.host.updateServer('s', { command: 'node', args: ['b.js'], env: { A: '1' }, disabled: true });
    expect(JSON.parse(await t.host.readConfigText()).mcpServers.s).toEqual({
      type: 'stdio',
      command: 'node',
      args: ['b.js'],
      env: { A: '1' },
      disabled: true,
    });
    expect(t.host.get('s')).toMatchObject({ args: ['b.js'], envKeys: ['A'], status: 'stopped' });
  });
});
