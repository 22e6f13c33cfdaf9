/**
 * The large-graph view's layout, in a Web Worker (issue 26): the page stays responsive while a
 * graph of thousands of nodes is laid out. ELK (elkjs, its bundled build, run here in the worker's
 * own thread) up to ELK_MAX_NODES nodes of one schema, the layered grid past that or when the nodes
 * are in several schemas (the grid gives each schema its band, so the schema boxes do not overlap;
 * ELK's own compound layout took 1.5 s for 300 nodes here). See large-graph-layout.ts.
 */
import type ElkType from 'elkjs/lib/elk.bundled.js';
import { ELK_MAX_NODES, ELK_OPTIONS, layeredGrid, type LayoutAnswer, type LayoutRequest } from './large-graph-layout';

/** ELK is 2.6 MB of script: loaded the first time a graph small enough for it comes, so the grid never waits for it. */
let elkLoading: Promise<InstanceType<typeof ElkType>> | undefined;
const elk = () => (elkLoading ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default()));
const scope = self as unknown as { onmessage: ((e: MessageEvent<LayoutRequest>) => void) | null; postMessage(m: LayoutAnswer, transfer: Transferable[]): void };

async function place(req: LayoutRequest): Promise<Omit<LayoutAnswer, 'id' | 'ms'>> {
  const n = req.names.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const schemas = new Set(req.groups ?? []).size;
  if (req.mode === 'auto' && n <= ELK_MAX_NODES && schemas <= 1) {
    const known = new Set(req.names);
    const g = await (await elk()).layout({
      id: 'root',
      layoutOptions: ELK_OPTIONS,
      children: req.names.map((id) => ({ id, width: 12, height: 12 })),
      edges: req.edges.filter(([a, b]) => a !== b && known.has(a) && known.has(b)).map(([a, b], i) => ({ id: `e${i}`, sources: [a], targets: [b] })),
    });
    const at = new Map((g.children ?? []).map((c) => [c.id, c]));
    req.names.forEach((name, i) => {
      xs[i] = at.get(name)?.x ?? 0;
      ys[i] = at.get(name)?.y ?? 0;
    });
    return { xs, ys, engine: 'elk' };
  }
  layeredGrid(req.names, req.edges, { groups: req.groups }).forEach((p, i) => {
    xs[i] = p.x;
    ys[i] = p.y;
  });
  return { xs, ys, engine: 'grid' };
}

scope.onmessage = (e) => {
  const started = performance.now();
  place(e.data).then(
    (a) => scope.postMessage({ ...a, id: e.data.id, ms: Math.round(performance.now() - started) }, [a.xs.buffer, a.ys.buffer]),
    (err: unknown) => scope.postMessage({ id: e.data.id, xs: new Float64Array(0), ys: new Float64Array(0), engine: 'grid', ms: 0, error: String(err) }, []),
  );
};
