/**
 * `kalla recon --workspace NAME --left L --right R [--out DIR] [--format …] [--json] [--overwrite]`:
 * the scheduled-run entry point (issue 28). Runs next month's files in an app workspace with its
 * recipe and review memory, writes the exports (by default to the app's export folder,
 * `<data>/exports/<workspace>/run-<n>`) and records the run in the workspace's history.
 *
 * It takes the data folder's lock like the app does: while the app (or `kalla web`) has the folder
 * open the run is refused with a sentence, so the two never write one workspace at once.
 */
import { resolve } from 'node:path';
import type { ExportFormat } from '../shared/reconcile/sources-and-runs';
import { explainSystemError, UserError } from '../main/errors';
import { acquireDataDirLock, DataDirInUseError } from '../main/instance-lock';
import type { McpHost } from '../main/mcp/host';
import { resolveAppPaths } from '../main/paths';
import { ReconcileService } from '../main/reconcile';
import { findWorkspace } from '../main/reconcile/scheduled';
import { runCounts } from '../shared/reconcile/run-counts';

interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * The scheduled run never detects mappings or rules (that is a person's decision, made in the app):
 * the MCP host the service would ask is this refusal.
 */
const noDetection = (): never => {
  throw new UserError('The new files need their columns mapped again; open the workspace in the app.', 'not_ready');
};
const NO_HOST = { get: noDetection, startServer: noDetection, callTool: noDetection } as unknown as McpHost;

export interface WorkspaceRunArgs {
  workspace: string;
  left: string;
  right: string;
  out?: string;
  formats: ExportFormat[];
  overwrite: boolean;
  json: boolean;
}

export async function runWorkspaceRecon(args: WorkspaceRunArgs, io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { dataDir } = resolveAppPaths(env);
  let lock: Awaited<ReturnType<typeof acquireDataDirLock>> | null = null;
  let service: ReconcileService | null = null;
  try {
    try {
      lock = await acquireDataDirLock(dataDir, 'kalla recon --workspace');
    } catch (e) {
      if (e instanceof DataDirInUseError) {
        throw new UserError(
          `Workspace “${args.workspace}” is locked: Kalla (${e.owner.mode}, process ${e.owner.pid}) has the data folder ${dataDir} open. Close the app or stop \`kalla web\`, then run again (a scheduled job can retry later).`,
          'busy',
        );
      }
      throw e;
    }
    service = new ReconcileService(NO_HOST, { get: async () => ({}) as never }, dataDir);
    const meta = findWorkspace((await service.list()).workspaces, args.workspace);
    const out = await service.runNextFiles(
      meta.id,
      { left: resolve(args.left), right: resolve(args.right) },
      {
        ...(args.out ? { dir: resolve(args.out) } : {}),
        formats: args.formats,
        overwrite: args.overwrite,
      },
    );
    const s = out.summary;
    for (const w of s.warnings ?? []) io.stderr(`kalla recon: warning: ${w}\n`);
    const line = {
      workspace: out.workspace.name,
      run_id: out.run_id,
      ...runCounts(s),
      dir: out.dir,
      warnings: s.warnings ?? [],
    };
    if (args.json) io.stdout(`${JSON.stringify(line)}\n`);
    else {
      io.stdout(
        `workspace “${line.workspace}”, run ${line.run_id}: matched groups: ${line.matched}, suggested: ${line.suggested}, exceptions: ${line.exceptions}, unmatched left: ${line.unmatched_left}, unmatched right: ${line.unmatched_right}, match rate: ${(line.match_rate * 100).toFixed(2)}%\n` +
          `exports written to ${line.dir}\nthe run is in the workspace's history; open the app to review it\n`,
      );
    }
    return 0;
  } catch (thrown) {
    const error = explainSystemError(thrown);
    const code = error instanceof UserError ? ` [${error.code}]` : '';
    io.stderr(`kalla recon: ${(error as Error).message}${code}\n`);
    return 1;
  } finally {
    await service?.dispose().catch(() => undefined);
    await lock?.release();
  }
}
