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

/** Mounts the view on `graph`; resolves once the canvas says it is drawn and two frames have been painted. */
async function mount(graph: LineageGraph): Promise<{ ms: number; count: string }> {
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
  return { ms: performance.now() - t, count: document.querySelector(`[data-run="${id}"] [data-testid="large-graph-count"]`)?.textContent ?? '' };
}

(window as unknown as { benchMount: typeof mount }).benchMount = mount;
