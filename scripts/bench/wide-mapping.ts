/**
 * Mapping step on very wide files (issue 27): `npm run bench:wide-mapping -- [--cols 5000] [--baseline-cols 800]`.
 * Generates column blocks like a wide ERP export (wide-mapping-data.ts: amounts, codes, dates and
 * notes, 20 sample rows a side), then in this process:
 * - at `--baseline-cols`: the reference (every pair's evidence with its notes, one stable sort, the
 *   greedy choice: the mapping as computed before) and detectFieldMappingsLocal, their CPU seconds,
 *   the ratio, and whether the two mappings are equal;
 * - at `--cols`: detectFieldMappingsLocal alone (the reference does not fit in memory there).
 * CPU seconds are the process's (user + system): on the shared machine wall time swings with load.
 */
import { parseArgs } from 'node:util';
import { detectFieldMappingsLocal } from '../../src/engines/recon-local';
import { blockInput, referenceMappings } from './wide-mapping-data';

const { values } = parseArgs({ options: { cols: { type: 'string', default: '5000' }, 'baseline-cols': { type: 'string', default: '800' } } });

function measure<T>(f: () => T): { value: T; cpu: number; wall: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6, wall: (performance.now() - t0) / 1000 };
}

const byA = <T extends { field_a: string }>(xs: T[]) => [...xs].sort((x, y) => x.field_a.localeCompare(y.field_a));
const s = (x: number) => `${x.toFixed(2)} s`;
const lines: string[] = [];

const baseCols = Number(values['baseline-cols']);
const baseInput = blockInput(baseCols);
const reference = measure(() => referenceMappings(baseInput));
const fast = measure(() => detectFieldMappingsLocal(baseInput).mappings);
const equal = JSON.stringify(byA(reference.value)) === JSON.stringify(byA(fast.value.map((m) => ({ ...m }))));
lines.push(
  `baseline ${baseCols.toLocaleString('en')} × ${baseCols.toLocaleString('en')} columns: reference (every pair with its evidence) ${s(reference.cpu)} CPU (${s(reference.wall)} wall), ` +
    `detectFieldMappingsLocal ${s(fast.cpu)} CPU (${s(fast.wall)} wall); ratio ${(fast.cpu / reference.cpu).toFixed(3)}×; ${fast.value.length} mappings, ${equal ? 'equal to the reference' : 'DIFFERENT from the reference'}`,
);

const cols = Number(values.cols);
const input = blockInput(cols);
const wide = measure(() => detectFieldMappingsLocal(input).mappings);
const roles = wide.value.slice(0, 3).map((m) => `${m.field_a}→${m.field_b} (${m.role})`).join(', ');
lines.push(
  `${cols.toLocaleString('en')} × ${cols.toLocaleString('en')} columns: detectFieldMappingsLocal ${s(wide.cpu)} CPU (${s(wide.wall)} wall), ${wide.value.length} mappings (${roles}); ` +
    `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
);
lines.push('  before (session 5, the dumped 5,000-column input of the CLI run, 20-row samples): 70.0 s CPU, 2,552 MB RSS');
process.stdout.write(`${lines.join('\n')}\n`);
if (!equal) process.exitCode = 1;
