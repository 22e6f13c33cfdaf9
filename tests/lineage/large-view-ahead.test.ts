/**
 * Issue 26, the large view's first open: the workspace asks main for the focused neighbourhood ahead
 * of the click (`prefetchGraph`, in idle time), and "Large view" uses that answer instead of asking
 * again, but only while the same diagram (connection, focus, depths) is in view. Main is replaced by
 * a fake `call` that counts what it is asked.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: Array<Record<string, unknown>> = [];
let failNext = false;

vi.mock('../../src/renderer/src/api/client', () => ({
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  newCallId: () => 'c1',
  call: async (channel: string, input: Record<string, unknown>) => {
    if (channel === 'lineage.graph') {
      asked.push(input);
      if (failNext) {
        failNext = false;
        throw new Error('engine busy');
      }
      const focus = String(input.focus);
      return { focus, nodes: [{ name: focus, kind: 'view', role: 'focus' }], edges: [], truncated: true, total: 601 };
    }
    if (channel === 'lineage.diagram') return { mermaid: `graph TB\n    n_x["${String(input.focus)}"]\n    class n_x focus\n`, nodeCount: 1, edgeCount: 0, truncated: true };
    throw new Error(`unexpected call ${channel}`);
  },
}));

const { useLineage } = await import('../../src/renderer/src/stores/lineage');

const diagram = (focus: string) => ({ mermaid: `graph TB\n    n_x["${focus}"]\n`, nodeCount: 1201, edgeCount: 1200, truncated: true });

beforeEach(() => {
  asked.length = 0;
  failNext = false;
  useLineage.setState({ large: false, graph: undefined, graphError: undefined, focus: 'raw.t_0', upstreamDepth: 2, downstreamDepth: 2, diagram: diagram('raw.t_0'), diagramLoading: false });
});

describe('the large view asked for ahead', () => {
  it('is asked once, before the click, and the open uses it', async () => {
    useLineage.getState().prefetchGraph();
    useLineage.getState().prefetchGraph(); // the same diagram: not asked twice
    expect(asked).toEqual([{ focus: 'raw.t_0', upstreamDepth: 2, downstreamDepth: 2 }]);
    await useLineage.getState().setLarge(true);
    expect(asked).toHaveLength(1);
    expect(useLineage.getState().graph?.focus).toBe('raw.t_0');
    expect(useLineage.getState().graph?.total).toBe(601);
  });

  it('is not used for another diagram: a new focus or new depths ask again', async () => {
    useLineage.getState().prefetchGraph();
    useLineage.setState({ focus: 'v_00001', diagram: diagram('v_00001') });
    await useLineage.getState().setLarge(true);
    expect(asked.map((a) => a.focus)).toEqual(['raw.t_0', 'v_00001']);
    expect(useLineage.getState().graph?.focus).toBe('v_00001');

    await useLineage.getState().setLarge(false);
    useLineage.getState().prefetchGraph();
    useLineage.setState({ upstreamDepth: 3 });
    await useLineage.getState().setLarge(true);
    expect(asked.slice(2).map((a) => a.upstreamDepth)).toEqual([2, 3]);
  });

  it('is used once: a second open asks again', async () => {
    useLineage.getState().prefetchGraph();
    await useLineage.getState().setLarge(true);
    await useLineage.getState().setLarge(false);
    await useLineage.getState().setLarge(true);
    expect(asked).toHaveLength(2);
  });

  it('is never asked for a whole graph (up to 20,000 nodes), nor while the diagram loads or the view is open', () => {
    useLineage.setState({ focus: undefined });
    useLineage.getState().prefetchGraph();
    useLineage.setState({ focus: 'raw.t_0', diagramLoading: true });
    useLineage.getState().prefetchGraph();
    useLineage.setState({ diagramLoading: false, large: true });
    useLineage.getState().prefetchGraph();
    expect(asked).toHaveLength(0);
  });

  it('when it failed, the open asks again and shows the answer', async () => {
    failNext = true;
    useLineage.getState().prefetchGraph();
    await useLineage.getState().setLarge(true);
    expect(asked).toHaveLength(2);
    expect(useLineage.getState().graphError).toBeUndefined();
    expect(useLineage.getState().graph?.focus).toBe('raw.t_0');
  });
});
