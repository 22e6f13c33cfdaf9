/**
 * The filter step: sentences become filter chips through kalla-recon's parse_nl_filter (each turn
 * kept in the chat), chips are edited or removed (undoable), and DuckDB counts what they keep.
 */
import { randomUUID } from 'node:crypto';
import type { SourceFilter } from '../../shared/reconcile/recipe';
import { confirmedMappings, type ChatTurn, type WorkspaceState } from '../../shared/reconcile/workspace';
import { filterParseIsCertain } from '../../shared/reconcile/mcp-tools';
import { errorMessage, UserError } from '../errors';
import { sourceSchema } from './engine/auto-recipe';
import { bothSources, type ReconcileContext } from './context';
import { pushFilterUndo } from './filter-undo';
import { now } from './state-store';

const MAX_CHAT = 200;

export type FilterCounts = { left: { total: number; filtered: number } | null; right: { total: number; filtered: number } | null; error: string | null };

/** The filter set after a turn's chips are added (or replace the set), with the previous set kept for undo. */
function withTurnApplied(st: WorkspaceState, turn: ChatTurn): Pick<WorkspaceState, 'filters' | 'filter_undo'> {
  const filters = turn.mode === 'replace' ? turn.filters : [...st.filters, ...turn.filters.filter((f) => !st.filters.some((g) => JSON.stringify(g) === JSON.stringify(f)))];
  return { filters, filter_undo: pushFilterUndo(st) };
}

export class Filters {
  constructor(private readonly ctx: ReconcileContext) {}

  /**
   * Turns a sentence into filter chips with parse_nl_filter; `add` appends, `replace` starts over.
   * The turn is kept in the chat. A parse the engine was unsure of (doubts, or words it did not
   * understand) is not applied: the turn waits as `pending` until the user applies or discards it.
   */
  async parse(id: string, text: string, mode: 'add' | 'replace', today?: string): Promise<WorkspaceState> {
    const { store, settings, kallaRecon } = this.ctx;
    const s = await store.get(id);
    const { left, right } = bothSources(s);
    const { engineMode } = await settings.get();
    const turn: ChatTurn = { id: randomUUID(), at: now(), text, mode, filters: [], explanation: '', unparsed: [], engine: null };
    try {
      const out = await kallaRecon.parseNlFilter({
        text,
        schema_a: sourceSchema(s.aliases.left, left),
        schema_b: sourceSchema(s.aliases.right, right),
        current_mappings: confirmedMappings(s.mapping).length
          ? confirmedMappings(s.mapping)
          : (s.mapping?.rows.filter((r) => r.decision !== 'rejected') ?? []).map(({ field_a, field_b, confidence, reason, role }) => ({ field_a, field_b, confidence, reason, role })),
        ...(today ? { today } : {}),
        engine: engineMode,
      });
      Object.assign(turn, { filters: out.filters, explanation: out.explanation, unparsed: out.unparsed, engine: out.engine, ...(out.doubts?.length ? { doubts: out.doubts } : {}) });
      turn.status = out.filters.length > 0 && !filterParseIsCertain(out) ? 'pending' : 'applied';
    } catch (e) {
      turn.error = errorMessage(e);
      await store.update(id, (st) => ({ ...st, chat: [...st.chat, turn].slice(-MAX_CHAT) }));
      throw e;
    }
    if (turn.status === 'pending') return store.update(id, (st) => ({ ...st, chat: [...st.chat, turn].slice(-MAX_CHAT) }));
    return store.update(id, (st) => ({ ...st, chat: [...st.chat, turn].slice(-MAX_CHAT), ...withTurnApplied(st, turn) }));
  }

  /** Applies or discards a pending turn's chips (the answer to "is this what you meant?"). */
  async resolve(id: string, turnId: string, apply: boolean): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    const turn = s.chat.find((t) => t.id === turnId);
    if (!turn) throw new UserError('That filter message is no longer in the conversation; type it again.', 'not_found');
    if (turn.status !== 'pending') throw new UserError(`That filter was already ${turn.status ?? 'applied'}.`, 'invalid_input');
    return this.ctx.store.update(id, (st) => {
      const chat = st.chat.map((t) => (t.id === turnId ? { ...t, status: apply ? ('applied' as const) : ('discarded' as const) } : t));
      return apply ? { ...st, chat, ...withTurnApplied(st, turn) } : { ...st, chat };
    });
  }

  /** Replaces the filter set (chip edits and removals); undoable. */
  async set(id: string, filters: SourceFilter[]): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    for (const f of filters) {
      if (f.source !== s.aliases.left && f.source !== s.aliases.right) throw new UserError(`Filter source “${f.source}” is neither ${s.aliases.left} nor ${s.aliases.right}.`, 'invalid_input');
    }
    return this.ctx.store.update(id, (st) => ({ ...st, filters, filter_undo: pushFilterUndo(st) }));
  }

  async undo(id: string): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    if (!s.filter_undo.length) throw new UserError('Nothing to undo.', 'invalid_input');
    return this.ctx.store.update(id, (st) => ({ ...st, filters: st.filter_undo[st.filter_undo.length - 1], filter_undo: st.filter_undo.slice(0, -1) }));
  }

  /** Rows per source before and after the filters (counted in DuckDB). `filters` defaults to the workspace's. */
  async counts(id: string, filters?: SourceFilter[]): Promise<FilterCounts> {
    const s = await this.ctx.store.get(id);
    const set = filters ?? s.filters;
    const engine = await this.ctx.engines.open(id);
    const out: FilterCounts = { left: null, right: null, error: null };
    for (const side of ['left', 'right'] as const) {
      const src = s.sources[side];
      if (!src) continue;
      const mine = set.filter((f) => f.source === s.aliases[side] || f.source === side);
      try {
        out[side] = { total: src.info.row_count, filtered: await engine.countFiltered(side, mine) };
      } catch (e) {
        // A filter DuckDB cannot apply (e.g. a column the file no longer has): show all rows and say why.
        out[side] = { total: src.info.row_count, filtered: src.info.row_count };
        out.error = errorMessage(e);
      }
    }
    return out;
  }
}
