// @vitest-environment jsdom
/**
 * Issue 17: "Whole graph" on a 10,000-view catalog silently did nothing (the store refocused the entry
 * point that was already in view). It now says the graph is too large, with the count, the limit and
 * where to start. Main is replaced by a fake `call` answering as the engine does for such a catalog.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ channel: string; input: Record<string, unknown> }> = [];
const VIEWS = 10_000;
const entry = (name: string, n: number) => ({ name, kind: 'view', score: n, why: `${n} views depend on it` });

vi.mock('../../src/renderer/src/api/client', () => ({
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  newCallId: () => 'c1',
  call: async (channel: string, input: Record<string, unknown>) => {
    calls.push({ channel, input });
    switch (channel) {
      case 'lineage.state':
        return { connection: { label: 'huge', kind: 'path', connection: 'file:///huge', passwordStored: false }, turns: [] };
      case 'lineage.analyze':
        return {
          connection: 'file:///huge', viewCount: VIEWS, tableCount: 100, edgeCount: 19_900, complexity: 'VERY_COMPLEX', failures: [], cycles: [],
          entryPoints: { highImpact: [entry('v_00000', 99), entry('v_00001', 98), entry('v_00002', 97), entry('v_00003', 96)], leafViews: [], centralHubs: [] },
        };
      case 'lineage.diagram':
        // The engine's answer for a whole graph over its limit (Engine.tooLarge).
        if (!input.focus) return { tooLarge: true, nodeCount: VIEWS + 100, message: `${VIEWS + 100} nodes is too many to draw (limit 100); pick a focus from the suggestions`, suggestions: {} };
        return { mermaid: `graph TB\n    n_x["${String(input.focus)}"]\n    class n_x focus\n`, nodeCount: 1, edgeCount: 0, truncated: false };
      default:
        throw new Error(`unexpected call ${channel}`);
    }
  },
}));
// Mermaid draws only in a real browser (the e2e); here a drawing is a placeholder SVG.
vi.mock('../../src/renderer/src/features/lineage/mermaid', () => ({
  renderMermaid: async () => '<svg viewBox="0 0 120 40"><g class="node" id="flowchart-n_x-1"><rect/></g></svg>',
}));

const { LineageView } = await import('../../src/renderer/src/features/lineage/LineageView');
const { useLineage } = await import('../../src/renderer/src/stores/lineage');

beforeEach(() => {
  calls.length = 0;
  useLineage.setState({ loaded: false, connection: null, analysis: undefined, focus: undefined, diagram: undefined, wholeGraphTooLarge: undefined });
});
afterEach(cleanup);

describe('whole graph of a 10,000-view catalog', () => {
  it('opens on an entry point and says why', async () => {
    render(<LineageView />);
    await waitFor(() => expect(screen.getByTestId('focus-name').textContent).toBe('v_00000'));
    expect(screen.getByRole('note').textContent).toMatch(/whole graph has 10,100 nodes, more than the 100 a diagram can\s+show/);
  });

  it('"Whole graph" shows that it is too large, with the count, the limit and what to do', async () => {
    render(<LineageView />);
    await waitFor(() => expect(screen.getByTestId('focus-name').textContent).toBe('v_00000'));
    fireEvent.click(screen.getByRole('button', { name: 'Whole graph' }));

    const status = await screen.findByRole('status', { name: 'The whole graph is too large to draw' });
    expect(status.textContent).toContain('It has 10,100 nodes; a diagram shows at most 100.');
    expect(status.textContent).toContain('Pick an entry point on the left or search for a view by name');
    // It did something visible: no focus any more, no diagram pretending to be the whole graph.
    expect(screen.queryByTestId('focus-name')).toBeNull();
    expect(screen.getByText('Whole graph — too large to draw.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(calls.filter((c) => c.channel === 'lineage.diagram').at(-1)!.input.focus).toBeUndefined();

    // The suggested starting points focus a view.
    const starts = within(status).getByRole('list', { name: 'Suggested starting points' });
    expect(within(starts).getAllByRole('button').map((b) => b.textContent)).toEqual(['Focus v_00000', 'Focus v_00001', 'Focus v_00002']);
    fireEvent.click(within(starts).getByRole('button', { name: 'Focus v_00001' }));
    await waitFor(() => expect(screen.getByTestId('focus-name').textContent).toBe('v_00001'));
    expect(screen.queryByRole('status', { name: /too large/ })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
