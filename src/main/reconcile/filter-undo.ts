/**
 * The filter set's undo history, shared by the filter step and recipes (a recipe replaces the
 * filters, and "Undo" goes back to the set it replaced).
 */
import type { WorkspaceState } from '../../shared/reconcile/workspace';

/** How many filter sets "Undo" can go back. */
export const MAX_UNDO = 50;

/** The undo history with the current filter set pushed on it, the oldest dropped past MAX_UNDO. */
export function pushFilterUndo(st: Pick<WorkspaceState, 'filters' | 'filter_undo'>): WorkspaceState['filter_undo'] {
  return [...st.filter_undo, st.filters].slice(-MAX_UNDO);
}
