/**
 * CPU seconds per run phase, from the run's progress callback (each phase reports its start; 'done'
 * ends the last). On this shared machine wall time swings with the other agents' load; the
 * process's CPU time (Node and DuckDB's threads) measures the work itself.
 */
export function phaseCpu(): { onProgress: (p: { phase: string }) => void; seconds: Map<string, number>; total: () => number } {
  const seconds = new Map<string, number>();
  let current: { phase: string; at: NodeJS.CpuUsage } | null = null;
  const close = () => {
    if (!current) return;
    const d = process.cpuUsage(current.at);
    seconds.set(current.phase, (d.user + d.system) / 1e6);
  };
  return {
    onProgress: (p) => {
      close();
      current = p.phase === 'done' ? null : { phase: p.phase, at: process.cpuUsage() };
    },
    seconds,
    total: () => [...seconds.values()].reduce((s, x) => s + x, 0),
  };
}
