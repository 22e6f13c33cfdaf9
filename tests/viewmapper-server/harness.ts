/**
 * Starts the real viewmapper MCP server over stdio (node + tsx, the same code
 * `kalla mcp viewmapper` runs) and connects the SDK client to it.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const JAR = join(ROOT, 'resources/viewmapper/viewmapper.jar');
const BIN = join(ROOT, 'src/servers/viewmapper/bin.ts');

export interface Running {
  client: Client;
  stderr: () => string;
  /** Resolves when the server's stderr matches. */
  waitForStderr(re: RegExp): Promise<RegExpExecArray>;
  call(tool: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
  pid: number | null;
}

export async function startServer(env: Record<string, string | undefined> = {}): Promise<Running> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', BIN], env: merged, stderr: 'pipe', cwd: ROOT });
  let err = '';
  const watchers = new Set<() => void>();
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    for (const w of [...watchers]) w();
  });
  const client = new Client({ name: 'viewmapper-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    pid: transport.pid,
    stderr: () => err,
    waitForStderr(re) {
      return new Promise((done) => {
        const check = () => {
          const m = re.exec(err);
          if (m) {
            watchers.delete(check);
            done(m);
          }
        };
        watchers.add(check);
        check();
      });
    },
    call: async (tool, args) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

export const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** A fake `java` that prints the given version banner for -version and otherwise runs `body`. */
export function fakeJava(versionBanner: string, body = 'exit 1'): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-java-'));
  const path = join(dir, 'java');
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "-version" ]; then\n  echo '${versionBanner}' >&2\n  exit 0\nfi\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}
