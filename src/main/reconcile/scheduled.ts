/**
 * Next month without clicking (issue 28): `kalla recon --workspace NAME --left L --right R` runs
 * the workspace's own decisions on new files, in the workspace itself — so its review memory
 * (earlier accepted and rejected suggestions, part payments, the work queue) and run history count.
 * Each side's file is read the way the file it replaces was (read options and type fixes, as
 * Duplicate carries them), the confirmed mapping must still fit, and the exports are written.
 */
import type { ExportFormat, ExportResult, RunSummary, Side } from '../../shared/reconcile/sources-and-runs';
import type { WorkspaceMeta, WorkspaceState } from '../../shared/reconcile/workspace';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';
import type { Exporting } from './exporting';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReconEngine } from './engine';
import { planFromSource, withPlan } from './read-plan';
import type { Runs } from './runs';
import type { Sources } from './sources';

export interface NextRunResult {
  workspace: { id: string; name: string };
  run_id: number;
  summary: RunSummary;
  dir: string;
  files: ExportResult['files'];
}

/** A workspace named `name` (case and surrounding spaces ignored) or with that id; a sentence listing the others when none is. */
export function findWorkspace(workspaces: WorkspaceMeta[], name: string): WorkspaceMeta {
  const want = name.trim().toLowerCase();
  const usable = workspaces.filter((w) => !w.damaged);
  const hits = usable.filter((w) => w.name.trim().toLowerCase() === want || w.id === name.trim());
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw new UserError(`${hits.length} workspaces are named “${name}”; give its id instead: ${hits.map((h) => h.id).join(', ')}.`, 'invalid_input');
  // A workspace that cannot be opened is named with why, not reported missing: one a newer Kalla
  // wrote is returned, and the run refuses it with the store's sentence before anything is written.
  const unusable = workspaces.filter((w) => w.damaged && (w.name.trim().toLowerCase() === want || w.id === name.trim()));
  const newer = unusable.find((w) => w.damaged?.newer);
  if (newer) return newer;
  if (unusable[0]) throw new UserError(`Workspace “${unusable[0].name}” cannot be opened: ${unusable[0].damaged!.reason}. Open it in the app to recover or delete it.`, 'not_ready');
  const names = usable.map((w) => `“${w.name}”`).join(', ');
  throw new UserError(`There is no workspace named “${name}”.${names ? ` The workspaces are ${names}.` : ' There are no workspaces yet: set one up in the app first.'}`, 'not_found');
}

/** Is the workspace ready to run by itself (a confirmed mapping and rules)? A sentence saying what is missing otherwise. */
function requireReady(s: WorkspaceState): void {
  if (!s.mapping?.confirmed) throw new UserError(`Workspace “${s.name}” has no confirmed mapping yet: open it in the app, confirm the mapping and run it once.`, 'not_ready');
  if (!s.rules.length) throw new UserError(`Workspace “${s.name}” has no match rules yet: open it in the app and add them.`, 'not_ready');
}

/**
 * Reads both new files in a throw-away engine, as the workspace would read them, and checks the
 * confirmed mapping still names columns each has; files given the wrong way round are named so.
 */
async function requireFit(s: WorkspaceState, files: Record<Side, string>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'kalla-next-'));
  const engine = await ReconEngine.open(dir);
  try {
    const columns = {} as Record<Side, Set<string>>;
    for (const side of ['left', 'right'] as const) {
      const source = s.sources[side];
      const info = await engine.addSourceFromPath(side, files[side], source ? withPlan(planFromSource(source, ''), {}) : {});
      columns[side] = new Set(info.columns.map((c) => c.name));
    }
    const rows = s.mapping!.rows.filter((m) => m.decision !== 'rejected');
    const misfit = (l: Set<string>, r: Set<string>) => rows.filter((m) => !l.has(m.field_a) || !r.has(m.field_b)).map((m) => `${m.field_a} ↔ ${m.field_b}`);
    const missing = misfit(columns.left, columns.right);
    if (missing.length === 0) return;
    if (misfit(columns.right, columns.left).length === 0) {
      throw new UserError(
        `The files are the wrong way round for workspace “${s.name}”: --left has the columns of its ${s.aliases.right} file and --right those of its ${s.aliases.left} file. Swap them.`,
        'invalid_input',
      );
    }
    throw new UserError(
      `The new files do not have the columns workspace “${s.name}” maps (${missing.join(', ')}): check that --left is the ${s.aliases.left} file and --right the ${s.aliases.right} file, or open the workspace in the app to map the new layout.`,
      'not_ready',
    );
  } finally {
    engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runNextFiles(
  deps: { ctx: ReconcileContext; sources: Sources; runs: Runs; exporting: Exporting },
  id: string,
  files: Record<Side, string>,
  opts: { dir?: string; formats: ExportFormat[]; overwrite?: boolean },
): Promise<NextRunResult> {
  const { ctx, sources, runs, exporting } = deps;
  const before = await ctx.store.get(id);
  requireReady(before);
  // Each side reads its new file as the last one was read (type fixes included), unless a plan is waiting.
  await ctx.store.update(
    id,
    (s) => ({
      ...s,
      read_plan: {
        left: s.read_plan.left ?? (s.sources.left ? planFromSource(s.sources.left, `the workspace's last ${s.aliases.left} file`) : null),
        right: s.read_plan.right ?? (s.sources.right ? planFromSource(s.sources.right, `the workspace's last ${s.aliases.right} file`) : null),
      },
    }),
    { edit: false },
  );
  // The new files are read once aside first: a refused run leaves the workspace as it was.
  await requireFit(before, files);
  for (const side of ['left', 'right'] as const) {
    await sources.addFromPath(id, side, files[side]);
  }
  const { run_id, summary, state } = await runs.run(id);
  const { dir, result } = await exporting.export(id, run_id, { ...(opts.dir ? { dir: opts.dir } : {}), formats: opts.formats, overwrite: opts.overwrite ?? false });
  return { workspace: { id, name: state.name }, run_id, summary, dir, files: result.files };
}
