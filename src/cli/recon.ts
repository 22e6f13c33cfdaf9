/**
 * `kalla recon --left L.csv --right R.csv [--recipe F.json] [--out DIR] [--format csv,xlsx,parquet] [--raw-csv] [--json] [--overwrite] [--skip-bad-lines]`
 * `kalla recon --workspace NAME --left L --right R …`: next month in an app workspace (recon-workspace.ts).
 *
 * Loads both files into a throw-away workspace, runs the recipe (or one
 * detected with the kalla-recon local engines), writes the exports and the
 * recipe used to DIR (created when missing). When stderr is a terminal and
 * --json is not given, the phases and row counts are shown there as they happen.
 * Exit codes: 0 ok, 1 error, 2 usage.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ColumnOverrideSchema, ReadOptionsSchema, type ReadOptions, type Recipe } from '../shared/reconcile/recipe';
import type { ExportFormat, RunProgress, RunSummary, SourceInfo } from '../shared/reconcile/sources-and-runs';
import { buildAutoRecipe } from '../main/reconcile/engine/auto-recipe';
import { loadRates, withSuppliedRates } from '../main/reconcile/engine/fx-rates';
import { explainSystemError, ReconError, UserError } from '../main/errors';
import { loadRecipe, saveRecipe } from '../main/reconcile/engine/recipe-file';
import { ReconEngine } from '../main/reconcile/engine/engine';
import { emitSql, runPushdownCli, wantsDatabase } from './recon-pushdown';
import { processAlive } from '../main/base/process-alive';
import { runCounts } from '../shared/reconcile/run-counts';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal: then progress is drawn there (one line, rewritten in place). */
  stderrIsTTY?: boolean;
}

const FORMATS = ['csv', 'xlsx', 'parquet'] as const;

const USAGE = `usage: kalla recon --left L.csv --right R.csv [--recipe F.json] [--fx-rates F.csv] [--out DIR] [--json] [--overwrite] [--skip-bad-lines]
       kalla recon --workspace NAME --left L.csv --right R.csv [--out DIR] [--format LIST] [--json] [--overwrite]
  --workspace NAME    run next month's files in the app's workspace NAME (a scheduled job): its
                      recipe, read options and review memory apply, the exports go to --out (default
                      the app's export folder) and the run joins the workspace's history; refused
                      while the app has the data folder open (KALLA_DATA_DIR selects the folder)
  --left, --right     CSV/TSV/semicolon/pipe files (gzip ok), Excel .xlsx, or bank statements:
                      camt.053/camt.054 XML, MT940/MT942, BAI2, OFX (recognised by content)
  --recipe F.json     recipe to run (default: detect mappings and rules with the local engines)
  --out DIR           write the exports, evidence.json and recipe.json to DIR (created if missing)
  --format LIST       export formats, comma-separated from csv, xlsx, parquet (default csv,xlsx)
  --raw-csv           write CSV cells as they are; by default a cell a spreadsheet would run as a
                      formula (=, +, -, @, tab, CR first) is prefixed with ' and quoted
  --json              print one JSON line with the counts (and no progress)
  --overwrite         replace existing export files in DIR
  --skip-bad-lines    skip malformed rows instead of failing (count is reported)
  --left-read K=V, --right-read K=V
                      how to read that file, overriding detection and the recipe (repeat the flag):
                      delimiter=';' | 'tab', decimal=, or ., quote=none (quotes are text) or quote='"',
                      header=false, skip_top=N, skip_bottom=N, encoding=latin1|utf-16|…, sheet=NAME
  --fx-rates F.csv    exchange rates to use for open items in other currencies: one "CUR,rate"
                      line each (units of the statement's currency per unit, e.g. USD,0.9215);
                      they replace learned rates, and such items are still only suggested
  --left, --right postgres://user@host:port/db#schema.table (or jdbc:postgresql://host:port/db?user=U#…,
                      the Lineage workspace's form; #SELECT … for a query): the recipe (--recipe, required)
                      runs inside that PostgreSQL database; results are written there as kalla_matched,
                      kalla_exceptions_left, kalla_exceptions_right (in --pg-schema, default the left
                      table's schema), and --out gets matched.csv, exceptions_*.csv and evidence.json
  --emit-sql DIALECT  print the --recipe as trino, spark or postgres SQL (not executed); --left/--right
                      then name the tables (schema.table; default left_source / right_source)
  --left-type C=T, --right-type C=T
                      read column C as T (repeat the flag): number, number:1.234,56 (decimal comma),
                      number:1,234.56, date:%d.%m.%Y (any strftime format), timestamp, text; values
                      that do not read become amount_unreadable / date_unreadable exceptions
`;

/** `--left-type amount=number:1.234,56` → column overrides, checked like a recipe's; a string is the error. */
export function parseTypeFlags(flag: string, values: string[] | undefined): ReadOptions['column_overrides'] | string {
  const out: ReadOptions['column_overrides'] = {};
  for (const v of values ?? []) {
    const eq = v.lastIndexOf('=');
    const name = eq > 0 ? v.slice(0, eq) : '';
    const [type, ...rest] = v.slice(eq + 1).split(':');
    const parsed = ColumnOverrideSchema.safeParse(rest.length > 0 ? { type, format: rest.join(':') } : { type });
    if (!name || !parsed.success) return `--${flag} takes COLUMN=TYPE[:FORMAT] with TYPE one of number, date, timestamp, boolean, text; got "${v}"`;
    out[name] = parsed.data;
  }
  return out;
}

/** Read options a user may set from the command line (column types stay in the recipe). */
const READ_KEYS = ['delimiter', 'decimal', 'quote', 'header', 'skip_top', 'skip_bottom', 'encoding', 'sheet'] as const;

/** `--left-read skip_top=2 --left-read delimiter=;` → read options, checked like a recipe's; a string is the error. */
export function parseReadFlags(flag: string, values: string[] | undefined): Partial<ReadOptions> | string {
  const raw: Record<string, unknown> = {};
  for (const v of values ?? []) {
    const eq = v.indexOf('=');
    const key = eq > 0 ? v.slice(0, eq).trim().replace(/-/g, '_') : '';
    if (!(READ_KEYS as readonly string[]).includes(key)) return `--${flag} takes KEY=VALUE with KEY one of ${READ_KEYS.join(', ')}; got "${v}"`;
    const value = v.slice(eq + 1);
    if (key === 'skip_top' || key === 'skip_bottom') raw[key] = /^\d+$/.test(value) ? Number(value) : value;
    else if (key === 'header') raw[key] = value === 'true' ? true : value === 'false' ? false : value;
    else if (key === 'delimiter') raw[key] = value === 'tab' || value === '\\t' ? '\t' : value;
    else raw[key] = value;
  }
  const parsed = ReadOptionsSchema.partial().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `--${flag} ${String(issue.path[0])}: ${issue.message} (got ${JSON.stringify(raw[String(issue.path[0])])})`;
  }
  const { skip_bad_lines: _s, column_overrides: _c, ...read } = parsed.data;
  return read;
}

const defaultIo: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  stderrIsTTY: process.stderr.isTTY === true,
};

/** Progress on a terminal: one status line rewritten in place, cleared before normal output. */
class Progress {
  private shown = false;
  constructor(private readonly io: CliIo, private readonly enabled: boolean) {}
  show(text: string): void {
    if (!this.enabled) return;
    this.io.stderr(`\r\x1b[K${text}`);
    this.shown = true;
  }
  clear(): void {
    if (this.shown) this.io.stderr('\r\x1b[K');
    this.shown = false;
  }
}

function runPhase(p: RunProgress, rows: number): string {
  return `running: ${p.phase} (${Math.round(p.fraction * 100)} %, ${rows.toLocaleString('en-US')} rows)`;
}

function parseFormats(value: string | undefined): ExportFormat[] | string {
  const list = (value ?? 'csv,xlsx').split(',').map((f) => f.trim().toLowerCase()).filter(Boolean);
  const bad = list.filter((f) => !(FORMATS as readonly string[]).includes(f));
  if (bad.length || !list.length) return `--format takes ${FORMATS.join(', ')} (comma-separated); got ${value ?? ''}`;
  return [...new Set(list as ExportFormat[]), 'evidence'];
}

const RECON_OPTIONS = {
  left: { type: 'string' },
  right: { type: 'string' },
  workspace: { type: 'string' },
  recipe: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  'raw-csv': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  overwrite: { type: 'boolean', default: false },
  'skip-bad-lines': { type: 'boolean', default: false },
  'left-read': { type: 'string', multiple: true },
  'right-read': { type: 'string', multiple: true },
  'left-type': { type: 'string', multiple: true },
  'right-type': { type: 'string', multiple: true },
  'fx-rates': { type: 'string' },
  'emit-sql': { type: 'string' },
  'pg-schema': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const parseReconArgs = (argv: string[]) => parseArgs({ args: argv, options: RECON_OPTIONS, allowPositionals: false, strict: true }).values;
type ReconArgs = ReturnType<typeof parseReconArgs>;

/** An error as the CLI prints it: raw machine texts (a full disk) explained, a user error's code behind it. */
function errorText(thrown: unknown): { error: Error; text: string } {
  const error = explainSystemError(thrown) as Error;
  return { error, text: `${error.message}${error instanceof UserError ? ` [${error.code}]` : ''}` };
}

export async function runReconCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let args: ReconArgs;
  try {
    args = parseReconArgs(argv);
  } catch (error) {
    io.stderr(`kalla recon: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (args['emit-sql'] !== undefined || wantsDatabase(args.left, args.right)) return runWithDatabase(args, io);
  if (!args.left || !args.right) {
    io.stderr(`kalla recon: --left and --right are required${args.workspace ? ` (next month's two files for workspace “${args.workspace}”)` : ''}\n${USAGE}`);
    return 2;
  }

  const formats = parseFormats(args.format);
  if (typeof formats === 'string') {
    io.stderr(`kalla recon: ${formats}\n${USAGE}`);
    return 2;
  }
  if (args.workspace !== undefined) {
    // The workspace's recipe and read options apply; flags that would change them are refused, not ignored.
    const conflicting = (['recipe', 'left-read', 'right-read', 'left-type', 'right-type', 'skip-bad-lines', 'raw-csv'] as const).filter((k) => args[k] !== undefined && args[k] !== false);
    if (conflicting.length > 0) {
      io.stderr(`kalla recon: --workspace runs the workspace's own recipe and read options; leave out ${conflicting.map((k) => `--${k}`).join(', ')}\n${USAGE}`);
      return 2;
    }
    const { runWorkspaceRecon } = await import('./recon-workspace');
    return runWorkspaceRecon({ workspace: args.workspace, left: args.left, right: args.right, ...(args.out ? { out: args.out } : {}), formats, overwrite: args.overwrite, json: args.json }, io);
  }
  const reads = readFlags(args);
  if (typeof reads === 'string') {
    io.stderr(`kalla recon: ${reads}\n${USAGE}`);
    return 2;
  }
  return runOnFiles({ ...args, left: args.left, right: args.right }, formats, reads, io);
}

/** `--emit-sql`, or a database source: the recipe is given (nothing is detected) and runs where the data is. */
async function runWithDatabase(args: ReconArgs, io: CliIo): Promise<number> {
  try {
    if (!args.recipe) throw new ReconError('invalid_recipe', `${args['emit-sql'] !== undefined ? '--emit-sql' : 'a database source'} needs --recipe F.json: mappings and rules are detected only from files loaded locally`);
    const recipe = await loadRecipe(resolve(args.recipe));
    if (args['emit-sql'] !== undefined) {
      io.stdout(emitSql(args['emit-sql'], recipe, args.left, args.right));
      return 0;
    }
    return await runPushdownCli({ left: args.left, right: args.right, out: args.out, json: args.json, rawCsv: args['raw-csv'], pgSchema: args['pg-schema'] }, recipe, io);
  } catch (thrown) {
    io.stderr(`kalla recon: ${errorText(thrown).text}\n`);
    return 1;
  }
}

type ColumnTypes = ReadOptions['column_overrides'];
interface ReadFlags {
  leftRead: Partial<ReadOptions>;
  rightRead: Partial<ReadOptions>;
  leftTypes: ColumnTypes;
  rightTypes: ColumnTypes;
}

/** --left-read/--right-read and --left-type/--right-type, or the first flag's error. */
function readFlags(args: ReconArgs): ReadFlags | string {
  const leftRead = parseReadFlags('left-read', args['left-read']);
  const rightRead = parseReadFlags('right-read', args['right-read']);
  for (const r of [leftRead, rightRead]) if (typeof r === 'string') return r;
  const leftTypes = parseTypeFlags('left-type', args['left-type']);
  const rightTypes = parseTypeFlags('right-type', args['right-type']);
  for (const r of [leftTypes, rightTypes]) if (typeof r === 'string') return r;
  return { leftRead: leftRead as Partial<ReadOptions>, rightRead: rightRead as Partial<ReadOptions>, leftTypes: leftTypes as ColumnTypes, rightTypes: rightTypes as ColumnTypes };
}

/** Read options with the --*-type fixes on top of the recipe's own column fixes. */
const typed = (read: Partial<ReadOptions>, recipeRead: Partial<ReadOptions> | undefined, types: ColumnTypes): Partial<ReadOptions> =>
  Object.keys(types).length > 0 ? { ...read, column_overrides: { ...(recipeRead?.column_overrides ?? {}), ...types } } : read;

/** --out: a folder (made when missing) that holds no recipe.json unless --overwrite. */
async function prepareOutDir(outDir: string, overwrite: boolean): Promise<void> {
  const s = await stat(outDir).catch(() => null);
  if (s && !s.isDirectory()) throw new ReconError('invalid_path', `--out ${outDir} is a file, not a folder; choose a folder path`);
  if (!s) await mkdir(outDir, { recursive: true });
  if (!overwrite && (await stat(join(outDir, 'recipe.json')).catch(() => null))) {
    throw new ReconError('file_exists', `${join(outDir, 'recipe.json')} exists; pass --overwrite to replace`);
  }
}

/** One-off run on two files in a temp workspace, removed afterwards (also on Ctrl+C). */
async function runOnFiles(args: ReconArgs & { left: string; right: string }, formats: ExportFormat[], reads: ReadFlags, io: CliIo): Promise<number> {
  const progress = new Progress(io, io.stderrIsTTY === true && !args.json);
  const started = performance.now();
  const swept = await sweepLeftoverWorkspaces();
  if (swept.count > 0 && !args.json) io.stdout(`note: removed ${swept.count} temp workspace(s) left by interrupted runs (${formatBytes(swept.bytes)})\n`);
  // The pid in the name lets a later run tell a killed run's folder from a running one's.
  const workspaceDir = await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
  let ws: ReconEngine | null = null;
  // Ctrl+C or SIGTERM: the temp workspace (130–190 MB per 1M rows) is removed before the process ends.
  const onSignal = (signal: NodeJS.Signals) => {
    try {
      ws?.close();
    } catch {
      // closing is best effort; the folder is removed either way
    }
    rmSync(workspaceDir, { recursive: true, force: true });
    io.stderr(`kalla recon: interrupted (${signal}); its temp workspace was removed\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    let recipe: Recipe | null = null;
    if (args.recipe) recipe = await loadRecipe(resolve(args.recipe));
    const rates = args['fx-rates'] ? await loadRates(resolve(args['fx-rates'])) : null;
    const outDir = args.out ? resolve(args.out) : null;
    if (outDir) await prepareOutDir(outDir, args.overwrite);
    const leftReadAll = typed(reads.leftRead, recipe?.left.read, reads.leftTypes);
    const rightReadAll = typed(reads.rightRead, recipe?.right.read, reads.rightTypes);
    ws = await ReconEngine.open(workspaceDir);
    progress.show(`loading ${args.left} and ${args.right}…`);
    const [leftInfo, rightInfo] = await loadBoth(ws, args, { ...(recipe?.left.read ?? {}), ...leftReadAll }, { ...(recipe?.right.read ?? {}), ...rightReadAll });
    progress.clear();
    if (!args.json) for (const info of [leftInfo, rightInfo]) io.stdout(loadedText(info));
    if (!recipe) {
      progress.show('detecting mappings and rules…');
      const auto = await buildAutoRecipe(ws);
      progress.clear();
      recipe = auto.recipe;
      if (!args.json) io.stdout(`recipe: detected with the local engines — ${auto.explanation}\n`);
    }
    if (rates) {
      const supplied = withSuppliedRates(recipe, rates);
      if (supplied.unused) io.stderr(`kalla recon: warning: ${supplied.unused}\n`);
      else if (!args.json) io.stdout(`rates: ${rates.map((r) => `${r.currency} ${r.rate}`).join(', ')} from ${args['fx-rates']} (replacing learned ones)\n`);
      recipe = supplied.recipe;
    }
    // The read flags become part of the recipe written to --out, so `--recipe` reads the same way next time.
    const withRead = (src: Recipe['left'], read: Partial<ReadOptions>): Recipe['left'] => ({ ...src, read: { ...src.read, ...read } });
    recipe = { ...recipe, left: withRead(recipe.left, leftReadAll), right: withRead(recipe.right, rightReadAll) };
    const rows = leftInfo.row_count + rightInfo.row_count;
    const result = await ws.run(recipe, { onProgress: (p) => progress.show(runPhase(p, rows)) });
    if (outDir) {
      progress.show(`exporting ${formats.join(', ')} to ${outDir}…`);
      await ws.export(result.run_id, { dir: outDir, overwrite: args.overwrite, formats, ...(args['raw-csv'] ? { csv_formulas: 'raw' as const } : {}) });
      await saveRecipe(join(outDir, 'recipe.json'), recipe, { overwrite: args.overwrite });
    }
    progress.clear();
    printRunLine(io, result.summary, Math.round(performance.now() - started), args.json, outDir);
    return 0;
  } catch (thrown) {
    progress.clear();
    const { error, text } = errorText(thrown);
    // The engine's advice names the recipe option; on the command line it is a flag.
    const hint =
      error instanceof ReconError && error.code === 'ragged_rows'
        ? '\n  on the command line: --skip-bad-lines skips them; if the file never quotes (a 27" screen in a memo), --left-read/--right-read quote=none reads quotes as text'
        : '';
    io.stderr(`kalla recon: ${text}${hint}\n`);
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    ws?.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
}

/**
 * The two files load in parallel (DuckDB gives each its own connection). Both are awaited before a
 * failure is reported: the workspace folder is removed afterwards.
 */
async function loadBoth(ws: ReconEngine, args: ReconArgs & { left: string; right: string }, leftRead: Partial<ReadOptions>, rightRead: Partial<ReadOptions>): Promise<SourceInfo[]> {
  const skip = args['skip-bad-lines'] ? { skip_bad_lines: true } : {};
  const loads = await Promise.allSettled([
    ws.addSourceFromPath('left', resolve(args.left), { ...leftRead, ...skip }),
    ws.addSourceFromPath('right', resolve(args.right), { ...rightRead, ...skip }),
  ]);
  for (const load of loads) if (load.status === 'rejected') throw load.reason;
  return loads.map((l) => (l as PromiseFulfilledResult<SourceInfo>).value);
}

/** A loaded file as the CLI says it: rows and columns, then what reading it noticed. */
function loadedText(info: SourceInfo): string {
  return `${info.side}: ${info.path} — ${info.row_count} rows, ${info.columns.length} columns\n${info.notices.map((n) => `  note: ${n.message}\n`).join('')}`;
}

/** The run's counts: one JSON line with --json, else a sentence; warnings to stderr either way. */
function printRunLine(io: CliIo, s: RunSummary, elapsedMs: number, json: boolean, outDir: string | null): void {
  const line = {
    ...runCounts(s),
    elapsed_ms: elapsedMs,
    // What the run could not compare (an amount column read as text, values that did not read), with the fix.
    warnings: s.warnings ?? [],
  };
  for (const w of line.warnings) io.stderr(`kalla recon: warning: ${w}\n`);
  if (json) io.stdout(`${JSON.stringify(line)}\n`);
  else {
    io.stdout(
      `matched groups: ${line.matched}, suggested: ${line.suggested}, exceptions: ${line.exceptions}, unmatched left: ${line.unmatched_left}, unmatched right: ${line.unmatched_right}, match rate: ${(line.match_rate * 100).toFixed(2)}%\n`,
    );
    if (outDir) io.stdout(`exports written to ${outDir}\n`);
  }
}

const TEMP_PREFIX = 'kalla-recon-';
/** Folders from before the pid was in the name: removed once a day old (no run takes that long). */
const UNOWNED_AFTER_MS = 24 * 60 * 60_000;


async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await folderBytes(path) : ((await stat(path).catch(() => null))?.size ?? 0);
  }
  return total;
}

/**
 * Temp workspaces of runs that were killed (SIGKILL, power loss) stay in the temp folder: each
 * run removes those whose process is gone before it starts. Returns how many and their size.
 */
export async function sweepLeftoverWorkspaces(root = tmpdir(), now = Date.now()): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(root, name);
    const owner = /^kalla-recon-(\d+)-/.exec(name);
    if (owner) {
      if (Number(owner[1]) === process.pid || processAlive(Number(owner[1]))) continue;
    } else {
      const s = await stat(path).catch(() => null);
      if (!s?.isDirectory() || now - s.mtimeMs < UNOWNED_AFTER_MS) continue;
    }
    bytes += await folderBytes(path);
    await rm(path, { recursive: true, force: true });
    count += 1;
  }
  return { count, bytes };
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
