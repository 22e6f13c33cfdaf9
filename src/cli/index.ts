/**
 * `kalla`: the command-line face of Kalla Desktop. It runs under plain Node
 * and under Electron's binary with ELECTRON_RUN_AS_NODE=1 (how the packaged app
 * starts its built-in MCP servers), so nothing here may import `electron`. Each command's code is
 * imported when it runs: `kalla --version` loaded the whole app (1,033 CommonJS modules, exceljs's
 * 235 among them) and took 1.9 s.
 */
import { explainSystemError } from '../main/errors';
import { APP_VERSION } from '../shared/version';
import { UsageError } from './args';
import { MCP_SERVERS, runMcp } from './mcp';
import type { Io } from './web';

const USAGE = `Kalla Desktop ${APP_VERSION}

Usage:
  kalla web [--port N] [--open] [--json]   Run the app in your browser (127.0.0.1 only, token-protected)
  kalla recon --left L.csv --right R.csv [--recipe F.json] [--out DIR] [--json]
                                           Reconcile two files from the command line
  kalla recon --workspace NAME --left L --right R [--out DIR] [--json]
                                           Next month's files in an app workspace (scheduled runs)
${Object.entries(MCP_SERVERS)
  .map(([name, s]) => `  kalla mcp ${name.padEnd(31)}${s.describe} (stdio)`)
  .join('\n')}
  kalla --version                          Print the version
  kalla help                               This help
`;

export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'web':
        return await (await import('./web')).runWeb(rest, io);
      case 'mcp':
        return await runMcp(rest);
      case 'recon':
        return await (await import('./recon')).runReconCli(rest, { stdout: io.stdout, stderr: io.stderr });
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
    const explained = explainSystemError(e);
    io.stderr(`${explained instanceof Error ? explained.message : String(explained)}\n`);
    return 1;
  }
}

const io: Io = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
void main(process.argv.slice(2), io).then((code) => {
  // Long-running commands (web, mcp) resolve only when they are done.
  process.exitCode = code;
});
