/**
 * `kalla recon` as a real process, with a per-phase line on stderr at the end (for `bench:recon -- --cli`):
 * load (both files), detect (mappings + rules), each run phase, export — wall and CPU seconds (all threads)
 * each, so a run on the shared machine can be read by where its work goes. The CLI itself is unchanged.
 * Inside detect: `detect:mapping` (from the last sample read to the amount check that follows
 * detectFieldMappingsLocal: the mapping itself) and `detect:learn` (learnCash), summed when the
 * sources are swapped and the recipe is built twice.
 */
import { runReconCli } from '../../src/cli/recon';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { phaseCpu } from './phase-cpu';

const phases: Array<{ phase: string; wall: number; cpu: number }> = [];
const mark = () => ({ t: performance.now(), c: process.cpuUsage() });
const since = (m: ReturnType<typeof mark>) => {
  const d = process.cpuUsage(m.c);
  return { wall: (performance.now() - m.t) / 1000, cpu: (d.user + d.system) / 1e6 };
};
let loads = 0;
let loadStart: ReturnType<typeof mark> | null = null;
let afterLoad: ReturnType<typeof mark> | null = null;
const proto = ReconEngine.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
for (const name of ['addSourceFromPath', 'run', 'export'] as const) {
  const original = proto[name]!;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    if (name === 'addSourceFromPath') {
      if (loads++ === 0) loadStart = mark();
      const r = await original.apply(this, args);
      if (--loads === 0 && loadStart) {
        phases.push({ phase: 'load', ...since(loadStart) });
        afterLoad = mark();
      }
      return r;
    }
    if (name === 'run' && afterLoad) phases.push({ phase: 'detect', ...since(afterLoad) });
    const m = mark();
    const cpu = phaseCpu();
    const walls = new Map<string, number>();
    let current: { phase: string; t: number } | null = null;
    if (name === 'run') {
      const opts = (args[1] ?? {}) as { onProgress?: (p: { phase: string }) => void };
      args[1] = {
        ...opts,
        onProgress: (p: { phase: string }) => {
          if (current) walls.set(current.phase, (performance.now() - current.t) / 1000);
          current = p.phase === 'done' ? null : { phase: p.phase, t: performance.now() };
          cpu.onProgress(p);
          opts.onProgress?.(p);
        },
      };
    }
    const r = await original.apply(this, args);
    for (const [phase, wall] of walls) phases.push({ phase: `run:${phase}`, wall, cpu: cpu.seconds.get(phase) ?? 0 });
    phases.push({ phase: name === 'run' ? 'run' : 'export', ...since(m) });
    return r;
  };
}
// Detect's two big steps (issue 27: a 5,000-column file spent most of its time in them).
const sub = new Map<string, { wall: number; cpu: number }>();
const add = (phase: string, d: { wall: number; cpu: number }) => {
  const was = sub.get(phase) ?? { wall: 0, cpu: 0 };
  sub.set(phase, { wall: was.wall + d.wall, cpu: was.cpu + d.cpu });
};
let afterSample: ReturnType<typeof mark> | null = null;
for (const name of ['preview', 'withAmountMapping', 'learnCash'] as const) {
  const original = proto[name]!;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    if (name === 'withAmountMapping' && afterSample) add('detect:mapping', since(afterSample));
    const m = mark();
    const r = await original.apply(this, args);
    if (name === 'preview') afterSample = mark();
    if (name === 'learnCash') add('detect:learn', since(m));
    return r;
  };
}
const all = mark();
process.exitCode = await runReconCli(process.argv.slice(2));
for (const [phase, d] of sub) phases.push({ phase, ...d });
phases.push({ phase: 'total', ...since(all) });
process.stderr.write(`KALLA_PHASES ${JSON.stringify(phases)}\n`);
