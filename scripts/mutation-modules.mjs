// A Stryker reporter (`module-totals` in stryker.config.mjs) that prints, after a run, the score of
// each mutated module and of the modules issue 31 sets its target on: `matching/` as a whole and
// `ipc/dispatch.ts`. Stryker's own clear-text table has a row per file and one total over all
// files (dispatch included), not one for a folder.
// Score as Stryker counts it: (killed + timeout) / (killed + timeout + survived + no coverage);
// ignored mutants and ones that do not compile are left out.
// Also runnable on a saved JSON report: `node scripts/mutation-modules.mjs reports/mutation/mutation.json`;
// given several reports of scoped runs of the same code (other test lists, or other line ranges of
// a file), it scores their union and says which reports each file's figure comes from. With
// `--current`, a report's file whose source is not the working tree's is left out (and listed), and
// the files of each module no kept report scored are listed: the table is then of today's code only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/** The targets of issue 31: a folder (a prefix ending in '/') or one file. */
export const MODULES = [
  { name: 'matching/', prefix: 'src/main/reconcile/engine/matching/' },
  { name: 'ipc/dispatch.ts', prefix: 'src/main/ipc/dispatch.ts' },
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function count(mutants) {
  const c = { detected: 0, undetected: 0, survived: 0, noCoverage: 0, ignored: 0 };
  for (const m of mutants) {
    if (DETECTED.has(m.status)) c.detected++;
    else if (UNDETECTED.has(m.status)) {
      c.undetected++;
      if (m.status === 'Survived') c.survived++;
      else c.noCoverage++;
    } else if (m.status === 'Ignored') c.ignored++;
  }
  return c;
}

const pct = (c) => (c.detected + c.undetected === 0 ? 'n/a' : `${((100 * c.detected) / (c.detected + c.undetected)).toFixed(2)} %`);
const line = (name, c) =>
  `${name.padEnd(44)} ${pct(c).padStart(8)}  ${String(c.detected).padStart(4)} of ${String(c.detected + c.undetected).padEnd(4)} (${c.survived} survived, ${c.noCoverage} not covered${c.ignored ? `, ${c.ignored} ignored` : ''})`;

/** The lines printed: one per mutated file, then one per module with any file in the report. */
const relative = (path) => path.replace(/\\/g, '/').replace(/^.*?(?=src\/)/, '');
const short = (path) => path.replace('src/main/reconcile/engine/', '').replace('src/main/', '');

export function moduleLines(report) {
  const files = Object.entries(report.files).map(([path, f]) => [relative(path), count(f.mutants), f.runs]);
  files.sort(([a], [b]) => a.localeCompare(b));
  const out = ['Mutation score per module (issue 31: matching/ and ipc/dispatch.ts, target 90 %)'];
  for (const [path, c, runs] of files) {
    out.push(line(`  ${short(path)}`, c));
    if (runs) out.push(`      from ${runs.map((r) => `${r.report} (lines ${r.from}–${r.to}, ${r.mutants} mutants)`).join(', ')}`);
  }
  for (const m of MODULES) {
    const inModule = files.filter(([path]) => path.startsWith(m.prefix));
    if (inModule.length === 0) continue;
    const total = inModule.reduce((a, [, c]) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] + c[k]])), count([]));
    out.push(line(`${m.name} total (${inModule.length} file${inModule.length > 1 ? 's' : ''})`, total));
  }
  return out;
}

const mutantKey = (m) => `${m.mutatorName}|${m.replacement}|${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;

/**
 * One report from several scoped runs of the same code with different test lists or line ranges: a
 * mutant is detected when any run detected it (the union of the lists would have), else it keeps
 * the first run's status; a mutant only one run made (another range of the file) is added. Each
 * file records the runs it came from (`runs`: report name, first and last mutated line). Refuses
 * files whose source differs between the reports (other code, other mutants).
 */
export function mergeReports(reports, names = reports.map((_, i) => `report ${i + 1}`)) {
  const files = {};
  reports.forEach((report, i) => {
    for (const [path, f] of Object.entries(report.files)) {
      const lines = f.mutants.map((m) => m.location.start.line);
      const run = { report: names[i], from: Math.min(...lines), to: Math.max(...lines), mutants: f.mutants.length };
      const into = files[path];
      if (!into) {
        files[path] = { ...f, mutants: f.mutants.map((m) => ({ ...m })), runs: [run] };
        continue;
      }
      if (into.source !== f.source) throw new Error(`${path}: the reports were made from different sources`);
      into.runs.push(run);
      const byKey = new Map(into.mutants.map((m) => [mutantKey(m), m]));
      for (const other of f.mutants) {
        const m = byKey.get(mutantKey(other));
        if (!m) into.mutants.push({ ...other });
        else if (DETECTED.has(other.status) && !DETECTED.has(m.status)) Object.assign(m, { status: other.status, killedBy: other.killedBy });
      }
    }
  });
  return { ...reports[0], files };
}

/**
 * `--current`: each report with only the files whose source is the working tree's (under `root`);
 * `left` lists the others. `unscored` lists each module folder's .ts files no kept report has.
 */
export function currentOnly(reports, names, root) {
  const left = [];
  const kept = reports.map((report, i) => {
    const files = {};
    for (const [path, f] of Object.entries(report.files)) {
      const file = join(root, relative(path));
      if (existsSync(file) && readFileSync(file, 'utf8') === f.source) files[path] = f;
      else left.push(`${short(relative(path))} in ${names[i]}`);
    }
    return { ...report, files };
  });
  const scored = new Set(kept.flatMap((r) => Object.keys(r.files).map(relative)));
  const unscored = MODULES.filter((m) => m.prefix.endsWith('/') && existsSync(join(root, m.prefix))).flatMap((m) =>
    readdirSync(join(root, m.prefix))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${m.prefix}${f}`)
      .filter((f) => !scored.has(f))
      .map(short),
  );
  return { reports: kept.filter((r) => Object.keys(r.files).length > 0), names: names.filter((_, i) => Object.keys(kept[i].files).length > 0), left, unscored };
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Reporter, 'module-totals', {
    onMutationTestReportReady(report) {
      console.log(`\n${moduleLines(report).join('\n')}\n`);
    },
  }),
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const current = args.includes('--current');
  const files = args.filter((a) => a !== '--current');
  if (files.length === 0) {
    console.error('usage: node scripts/mutation-modules.mjs [--current] <stryker JSON report> [more reports of the same code: other tests, other line ranges]');
    process.exit(2);
  }
  let reports = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  let names = files.map((file) => basename(file));
  const notes = [];
  if (current) {
    const kept = currentOnly(reports, names, process.cwd());
    ({ reports, names } = kept);
    if (kept.left.length) notes.push(`left out (source is not the working tree's): ${kept.left.join('; ')}`);
    if (kept.unscored.length) notes.push(`not scored on today's code: ${kept.unscored.join(', ')}`);
  }
  if (reports.length > 0) console.log(moduleLines(mergeReports(reports, names)).join('\n'));
  for (const n of notes) console.log(n);
}
