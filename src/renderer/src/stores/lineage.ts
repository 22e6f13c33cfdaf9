/**
 * Lineage workspace state: the connection (as main reports it, never a
 * password), its analysis, the diagram in view (focus and depths) and the
 * conversation, which main keeps on disk.
 */
import { create } from 'zustand';
import type { Analysis, Diagram, LineageGraph, LineageConnectionView, LineageSource, LineageTurn, ViewSql } from '../../../shared/lineage';
import { call, errorMessage, newCallId } from '../api/client';
import { diagramLimit, parseDiagram, type Direction } from '../features/lineage/diagram-model';

export type { Direction };
/** 'auto' (the default): the engine draws TB and the canvas picks TB or LR, whichever fits the panel better. */
export type DirectionSetting = 'auto' | Direction;

export const NO_TURNS: LineageTurn[] = [];

interface LineageStore {
  loaded: boolean;
  connection: LineageConnectionView | null;
  analysis?: Analysis;
  connecting: boolean;
  connectError?: string;
  focus?: string;
  upstreamDepth: number;
  downstreamDepth: number;
  direction: DirectionSetting;
  diagram?: Diagram;
  diagramLoading: boolean;
  diagramError?: string;
  /**
   * Set when the whole graph was too large and the workspace focused an entry point by itself
   * (on opening a connection), so the UI can say why the diagram is not the whole graph.
   */
  wholeGraphTooLarge?: { nodeCount: number; limit: number; startedAt: string };
  /** The large-graph view (issue 26) is shown instead of the Mermaid diagram. */
  large: boolean;
  graph?: LineageGraph;
  graphError?: string;
  setLarge(on: boolean): Promise<void>;
  /**
   * Asks main for the large view of the focused diagram in view before "Large view" is clicked (the
   * workspace calls it in idle time once it offers the view), so the first open need not wait for it.
   */
  prefetchGraph(): void;
  sql?: ViewSql;
  sqlError?: string;
  turns: LineageTurn[];
  asking: boolean;
  askError?: string;
  init(): Promise<void>;
  connect(source: LineageSource, schema?: string): Promise<boolean>;
  setFocus(name: string | undefined): Promise<void>;
  setDepths(up: number, down: number): Promise<void>;
  setDirection(d: DirectionSetting): Promise<void>;
  showSql(name: string): Promise<void>;
  closeSql(): void;
  ask(question: string): Promise<void>;
  clearConversation(): Promise<void>;
}

export const useLineage = create<LineageStore>((set, get) => {
  let diagramSeq = 0;
  /**
   * `opening`: the first diagram of a connection. Then a whole graph too large to draw starts at the
   * most depended-on view instead (and says so). When the user asks for the whole graph ("Whole
   * graph"), the too-large answer is shown as it is, with its count, limit and way out (issue 17:
   * refocusing the same entry point there looked like the button did nothing).
   */
  const loadDiagram = async (opening = false) => {
    const seq = ++diagramSeq;
    const { focus, upstreamDepth, downstreamDepth, direction } = get();
    set({ diagramLoading: true, diagramError: undefined });
    try {
      const d = await call('lineage.diagram', { ...(focus ? { focus } : {}), upstreamDepth, downstreamDepth, ...(direction !== 'auto' ? { direction } : {}) });
      if (seq !== diagramSeq) return;
      if (d.tooLarge && !focus && opening) {
        const start = get().analysis?.entryPoints.highImpact[0]?.name;
        if (start) {
          set({ focus: start, wholeGraphTooLarge: { nodeCount: d.nodeCount, limit: diagramLimit(d.message), startedAt: start } });
          return loadDiagram();
        }
      }
      // Show the engine's name for the focus ("TOP_CUSTOMERS" typed → top_customers).
      const focused = d.mermaid && focus ? parseDiagram(d.mermaid).find((n) => n.classes.includes('focus'))?.name : undefined;
      set({ diagram: d, diagramLoading: false, ...(focused ? { focus: focused } : {}) });
    } catch (e) {
      if (seq === diagramSeq) set({ diagramLoading: false, diagramError: errorMessage(e) });
    }
  };

  let graphSeq = 0;
  /**
   * The large view's graph asked for ahead (`prefetchGraph`), for the diagram it was asked with: used
   * by the next open only while that diagram (so the same connection, focus and depths) is in view.
   */
  let ahead: { diagram: Diagram; focus: string; upstreamDepth: number; downstreamDepth: number; graph: Promise<LineageGraph> } | undefined;
  const askGraph = (focus: string | undefined, upstreamDepth: number, downstreamDepth: number) => {
    // Marks for DevTools and bench:lineage's whole-app timing (click → data → layout → drawn).
    performance.mark('kalla:large-graph-asked', { detail: { ahead: !get().large } });
    return call('lineage.graph', { ...(focus ? { focus } : {}), upstreamDepth, downstreamDepth });
  };
  const loadGraph = async () => {
    if (!get().large) return;
    const seq = ++graphSeq;
    const { focus, upstreamDepth, downstreamDepth, diagram } = get();
    const early = ahead && ahead.diagram === diagram && ahead.focus === focus && ahead.upstreamDepth === upstreamDepth && ahead.downstreamDepth === downstreamDepth ? ahead.graph : undefined;
    ahead = undefined;
    set({ graph: undefined, graphError: undefined });
    try {
      // Asked ahead for this very diagram: that answer (or, if it failed, a fresh ask).
      const g = await (early ? early.catch(() => askGraph(focus, upstreamDepth, downstreamDepth)) : askGraph(focus, upstreamDepth, downstreamDepth));
      performance.mark('kalla:large-graph-received', { detail: { nodes: g.nodes.length, edges: g.edges.length } });
      if (seq === graphSeq) set({ graph: g });
    } catch (e) {
      if (seq === graphSeq) set({ graphError: errorMessage(e) });
    }
  };

  return {
    large: false,
    prefetchGraph() {
      const { large, diagram, diagramLoading, focus, upstreamDepth, downstreamDepth } = get();
      // A focused neighbourhood only: main caps it at LARGE_VIEW_NEIGHBOURHOOD nodes; a whole graph may be 20,000.
      if (large || !diagram || diagramLoading || !focus) return;
      if (ahead && ahead.diagram === diagram && ahead.focus === focus && ahead.upstreamDepth === upstreamDepth && ahead.downstreamDepth === downstreamDepth) return;
      const graph = askGraph(focus, upstreamDepth, downstreamDepth);
      graph.catch(() => undefined); // a failure is the open's to report (it asks again)
      ahead = { diagram, focus, upstreamDepth, downstreamDepth, graph };
    },
    async setLarge(on) {
      if (on) performance.mark('kalla:large-view-opened');
      set({ large: on });
      await loadGraph();
    },
    loaded: false,
    connection: null,
    connecting: false,
    upstreamDepth: 2,
    downstreamDepth: 2,
    direction: 'auto',
    diagramLoading: false,
    turns: NO_TURNS,
    asking: false,

    async init() {
      if (get().loaded) return;
      const state = await call('lineage.state', {});
      set({ loaded: true, connection: state.connection, turns: state.turns });
      if (state.connection) {
        try {
          set({ analysis: await call('lineage.analyze', {}) });
          await loadDiagram(true);
        } catch (e) {
          set({ connectError: errorMessage(e) });
        }
      }
    },

    async connect(source, schema) {
      set({ connecting: true, connectError: undefined });
      try {
        const r = await call('lineage.connect', { source, ...(schema ? { schema } : {}) });
        set({
          connecting: false,
          connection: r.state.connection,
          turns: r.state.turns,
          analysis: r.analysis,
          focus: undefined,
          sql: undefined,
          diagram: undefined,
          wholeGraphTooLarge: undefined,
          large: false,
          graph: undefined,
        });
        await loadDiagram(true);
        return true;
      } catch (e) {
        set({ connecting: false, connectError: errorMessage(e) });
        return false;
      }
    },

    async setFocus(name) {
      set({ focus: name, sql: undefined, sqlError: undefined, wholeGraphTooLarge: undefined });
      await Promise.all([loadDiagram(), loadGraph()]);
    },

    async setDepths(up, down) {
      set({ upstreamDepth: up, downstreamDepth: down });
      await Promise.all([loadDiagram(), loadGraph()]);
    },

    async setDirection(direction) {
      set({ direction });
      await loadDiagram();
    },

    async showSql(name) {
      set({ sqlError: undefined });
      try {
        set({ sql: await call('lineage.viewSql', { name }) });
      } catch (e) {
        set({ sql: undefined, sqlError: errorMessage(e) });
      }
    },

    closeSql() {
      set({ sql: undefined, sqlError: undefined });
    },

    async ask(question) {
      set({ asking: true, askError: undefined });
      try {
        const turn = await call('lineage.ask', { question, callId: newCallId() });
        set((s) => ({ asking: false, turns: [...s.turns, turn] }));
      } catch (e) {
        set({ asking: false, askError: errorMessage(e) });
      }
    },

    async clearConversation() {
      const state = await call('lineage.clearConversation', {});
      set({ turns: state.turns });
    },
  };
});
