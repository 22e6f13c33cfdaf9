/**
 * `kalla`: the command-line face of Kalla Desktop. It runs under plain Node
 * and under Electron's binary with ELECTRON_RUN_AS_NODE=1 (how the packaged app
 * starts its built-in MCP servers), so nothing here may import `electron`.
 */
import { APP_VERSION } from '../shared/version';
import { UsageError } from './args';
import { runWeb, type Io } from './web';

/** `kalla mcp <server>`: each built-in MCP server over stdio (imported lazily so `web` stays light). */
async function runMcp(rest: string[]): Promise<number> {
  const [sub] = rest;
  switch (sub) {
    case 'viewmapper': {
      const { runViewMapperServerStdio } = await import('../servers/viewmapper/stdio');
      await runViewMapperServerStdio();
      // Resolves only when the client goes away: the server exits the process itself.
      return await new Promise<number>(() => undefined);
    }
    default:
      throw new UsageError(sub ? `Unknown MCP server "${sub}".` : 'Name the MCP server to run, e.g. `kalla mcp viewmapper`.');
  }
}

const USAGE = `Kalla Desktop ${APP_VERSION}

Usage:
  kalla web [--port N] [--open] [--json]   Run the app in your browser (127.0.0.1 only, token-protected)
  kalla mcp viewmapper                     Run the SQL view lineage MCP server on stdio
  kalla --version                          Print the version
  kalla help                               This help
`;

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'web':
        return await runWeb(rest, io);
      case 'mcp':
        return await runMcp(rest);
      case '--version':
      case '-v':
        io.stdout(`${APP_VERSION}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

const io: Io = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
void main(process.argv.slice(2), io).then((code) => {
  // Long-running commands (web, mcp) resolve only when they are done.
  process.exitCode = code;
});
