/**
 * Reconcile workspace store: the list of workspaces, the open workspace's state (as the main
 * process saved it), and what is in flight. Split by concern: ./state (the data and its pure
 * rules), ./actions (what the window asks main to do and how answers and events land), ./changes
 * (compare-and-set for changes to a workspace), ./selectors (what components read).
 */
import { create } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { createReconcileActions, type ReconcileStore, type ReconcileWire } from './actions';
import { initialData } from './state';

export type { Area, Counts, ReconcileData } from './state';
export { sidesFor } from './state';
export type { ReconcileActions, ReconcileStore, ReconcileWire } from './actions';
export * from './selectors';

export const useReconcile = create<ReconcileStore>((set, get) => ({ ...initialData(), ...createReconcileActions(set, get) }));

/** A store of its own, wired to a given main (tests: two tabs against one core). */
export function createReconcileStore(wire: ReconcileWire) {
  return createStore<ReconcileStore>((set, get) => ({ ...initialData(), ...createReconcileActions(set, get, wire) }));
}
