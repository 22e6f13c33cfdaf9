/**
 * Page for `npm run bench:lineage` section 9: the app's own LargeGraph component (its Web Worker
 * layout, Cytoscape drawing the worker's positions), mounted afresh for each run, as the Lineage
 * workspace mounts it when "Large view" is clicked. Built by Vite with the renderer's settings.
 */
import { createRoot } from 'react-dom/client';
import { LargeGraph } from '../../../src/renderer/src/features/lineage/LargeGraph';
import type { LineageGraph } from '../../../src/shared/lineage';
import '../../../src/renderer/src/styles.css';

const root = createRoot(document.getElementById('root')!);
let run = 0;
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/**
 * Mounts the view on `graph`; `ms`: until the canvas says it is drawn and two frames have been painted
 * (interactive). With `until`, also `untilMs`: until the count line contains it and the canvas is drawn
 * again (ELK's layout replacing the first grid).
 */
async function mount(graph: LineageGraph, until?: string): Promise<{ ms: number; count: string; untilMs?: number }> {
  root.render(<></>);
  await frame();
  await frame();
  const t = performance.now();
  const id = String(++run);
  root.render(
    <div data-run={id} style={{ display: 'contents' }}>
      <LargeGraph graph={graph} onOpen={() => undefined} />
    </div>,
  );
  await new Promise<void>((resolve) => {
    // This run's canvas only: the one before may not be gone from the DOM yet.
    const ready = () => document.querySelector(`[data-run="${id}"] .large-graph-canvas[data-ready="true"]`);
    if (ready()) return resolve();
    const o = new MutationObserver(() => {
      if (ready()) {
        o.disconnect();
        resolve();
      }
    });
    o.observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await frame();
  await frame();
  const ms = performance.now() - t;
  const countText = () => document.querySelector(`[data-run="${id}"] [data-testid="large-graph-count"]`)?.textContent ?? '';
  if (!until) return { ms, count: countText() };
  while (!(countText().includes(until) && document.querySelector(`[data-run="${id}"] .large-graph-canvas[data-ready="true"]`))) {
    if (performance.now() - t > 10_000) return { ms, count: countText() }; // never (ELK past its budget: the grid stays)
    await new Promise((r) => setTimeout(r, 10));
  }
  await frame();
  await frame();
  return { ms, count: countText(), untilMs: performance.now() - t };
}

(window as unknown as { benchMount: typeof mount }).benchMount = mount;
