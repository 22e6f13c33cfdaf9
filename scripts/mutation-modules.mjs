// A Stryker reporter (`module-totals` in stryker.config.mjs) that prints, after a run, the score of
// each mutated module and of the modules issue 31 sets its target on: `matching/` as a whole and
// `ipc/dispatch.ts`. Stryker's own clear-text table has a row per file and one total over all
// files (dispatch included), not one for a folder.
// Score as Stryker counts it: (killed + timeout) / (killed + timeout + survived + no coverage);
// ignored mutants and ones that do not compile are left out.
// Also runnable on a saved JSON report: `node scripts/mutation-modules.mjs reports/mutation/mutation.json`;
// given several reports of scoped runs of the same code (other test lists), it scores their union.
import { readFileSync } from 'node:fs';
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
export function moduleLines(report) {
  const files = Object.entries(report.files).map(([path, f]) => [path.replace(/\\/g, '/').replace(/^.*?(?=src\/)/, ''), count(f.mutants)]);
  files.sort(([a], [b]) => a.localeCompare(b));
  const out = ['Mutation score per module (issue 31: matching/ and ipc/dispatch.ts, target 90 %)'];
  for (const [path, c] of files) out.push(line(`  ${path.replace('src/main/reconcile/engine/', '').replace('src/main/', '')}`, c));
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
 * One report from several scoped runs of the same code with different test lists: a mutant is
 * detected when any run detected it (the union of the lists would have), else it keeps the first
 * run's status. Refuses files whose source differs between the reports (other code, other mutants).
 */
export function mergeReports(reports) {
  const files = {};
  for (const report of reports) {
    for (const [path, f] of Object.entries(report.files)) {
      const into = files[path];
      if (!into) {
        files[path] = { ...f, mutants: f.mutants.map((m) => ({ ...m })) };
        continue;
      }
      if (into.source !== f.source) throw new Error(`${path}: the reports were made from different sources`);
      const byKey = new Map(f.mutants.map((m) => [mutantKey(m), m]));
      for (const m of into.mutants) {
        const other = byKey.get(mutantKey(m));
        if (other && DETECTED.has(other.status) && !DETECTED.has(m.status)) Object.assign(m, { status: other.status, killedBy: other.killedBy });
      }
    }
  }
  return { ...reports[0], files };
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Reporter, 'module-totals', {
    onMutationTestReportReady(report) {
      console.log(`\n${moduleLines(report).join('\n')}\n`);
    },
  }),
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node scripts/mutation-modules.mjs <stryker JSON report> [more reports of the same code, other tests]');
    process.exit(2);
  }
  console.log(moduleLines(mergeReports(files.map((file) => JSON.parse(readFileSync(file, 'utf8'))))).join('\n'));
}
