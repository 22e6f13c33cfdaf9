/**
 * `kalla recon --left L.csv --right R.csv [--recipe F.json] [--out DIR] [--json] [--overwrite] [--skip-bad-lines]`
 *
 * Loads both files into a throw-away workspace, runs the recipe (or one
 * detected with the kalla-recon local engines), writes the exports and the
 * recipe used to DIR. Exit codes: 0 ok, 1 error, 2 usage.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Recipe } from '../shared/recon';
import type { SourceInfo } from '../shared/recon-engine';
import { buildAutoRecipe } from '../main/reconcile/engine/auto-recipe';
import { ReconError } from '../main/errors';
import { loadRecipe, saveRecipe } from '../main/reconcile/engine/recipe-file';
import { ReconEngine } from '../main/reconcile/engine/engine';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE = `usage: kalla recon --left L.csv --right R.csv [--recipe F.json] [--out DIR] [--json] [--overwrite] [--skip-bad-lines]
  --left, --right     CSV/TSV/semicolon/pipe files (gzip ok)
  --recipe F.json     recipe to run (default: detect mappings and rules with the local engines)
  --out DIR           write CSV/XLSX/evidence exports and recipe.json to DIR (must exist)
  --json              print one JSON line with the counts
  --overwrite         replace existing export files in DIR
  --skip-bad-lines    skip malformed rows instead of failing (count is reported)
`;

const defaultIo: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

export async function runReconCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        left: { type: 'string' },
        right: { type: 'string' },
        recipe: { type: 'string' },
        out: { type: 'string' },
        json: { type: 'boolean', default: false },
        overwrite: { type: 'boolean', default: false },
        'skip-bad-lines': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    io.stderr(`kalla recon: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (!args.left || !args.right) {
    io.stderr(`kalla recon: --left and --right are required\n${USAGE}`);
    return 2;
  }

  const started = performance.now();
  const workspaceDir = await mkdtemp(join(tmpdir(), 'kalla-recon-'));
  let ws: ReconEngine | null = null;
  try {
    let recipe: Recipe | null = null;
    if (args.recipe) recipe = await loadRecipe(resolve(args.recipe));
    const outDir = args.out ? resolve(args.out) : null;
    if (outDir) {
      const s = await stat(outDir).catch(() => null);
      if (!s?.isDirectory()) throw new ReconError('invalid_path', `--out ${outDir} is not an existing directory`);
      if (!args.overwrite && (await stat(join(outDir, 'recipe.json')).catch(() => null))) {
        throw new ReconError('file_exists', `${join(outDir, 'recipe.json')} exists; pass --overwrite to replace`);
      }
    }
    ws = await ReconEngine.open(workspaceDir);
    const skip = args['skip-bad-lines'] ? { skip_bad_lines: true } : {};
    // The two files load in parallel (DuckDB gives each its own connection). Both are awaited
    // before a failure is reported: the workspace folder is removed afterwards.
    const loads = await Promise.allSettled([
      ws.addSourceFromPath('left', resolve(args.left), { ...(recipe?.left.read ?? {}), ...skip }),
      ws.addSourceFromPath('right', resolve(args.right), { ...(recipe?.right.read ?? {}), ...skip }),
    ]);
    for (const load of loads) if (load.status === 'rejected') throw load.reason;
    const [leftInfo, rightInfo] = loads.map((l) => (l as PromiseFulfilledResult<SourceInfo>).value);
    if (!args.json) {
      for (const info of [leftInfo, rightInfo]) {
        io.stdout(`${info.side}: ${info.path} — ${info.row_count} rows, ${info.columns.length} columns\n`);
        for (const n of info.notices) io.stdout(`  note: ${n.message}\n`);
      }
    }
    if (!recipe) {
      const auto = await buildAutoRecipe(ws);
      recipe = auto.recipe;
      if (!args.json) io.stdout(`recipe: detected with the local engines — ${auto.explanation}\n`);
    }
    const result = await ws.run(recipe);
    if (outDir) {
      await ws.export(result.run_id, { dir: outDir, overwrite: args.overwrite });
      await saveRecipe(join(outDir, 'recipe.json'), recipe, { overwrite: args.overwrite });
    }
    const s = result.summary;
    const line = {
      matched: s.matched_groups,
      suggested: s.suggested_groups,
      exceptions: s.exceptions.left.count + s.exceptions.right.count,
      unmatched_left: s.unmatched.left.count,
      unmatched_right: s.unmatched.right.count,
      match_rate: s.match_rate,
      elapsed_ms: Math.round(performance.now() - started),
    };
    if (args.json) io.stdout(`${JSON.stringify(line)}\n`);
    else {
      io.stdout(
        `matched groups: ${line.matched}, suggested: ${line.suggested}, exceptions: ${line.exceptions}, unmatched left: ${line.unmatched_left}, unmatched right: ${line.unmatched_right}, match rate: ${(line.match_rate * 100).toFixed(2)}%\n`,
      );
      if (outDir) io.stdout(`exports written to ${outDir}\n`);
    }
    return 0;
  } catch (error) {
    const code = error instanceof ReconError ? ` [${error.code}]` : '';
    io.stderr(`kalla recon: ${(error as Error).message}${code}\n`);
    return 1;
  } finally {
    ws?.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
}
