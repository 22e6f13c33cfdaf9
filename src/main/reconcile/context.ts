/** What every module of the Reconcile area shares: the state store, the engines, events and locks. */
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import type { SourceInfo } from '../../shared/reconcile/sources-and-runs';
import { UserError } from '../errors';
import type { SettingsService } from '../settings/settings-service';
import type { EngineRegistry } from './engines';
import type { ReconcileEmitter } from './events';
import type { KallaReconClient } from './kalla-recon';
import type { KeyedQueue } from '../base/keyed-queue';
import type { WorkspaceStore } from './state-store';

export interface ReconcileContext {
  readonly dataDir: string;
  readonly store: WorkspaceStore;
  readonly engines: EngineRegistry;
  readonly events: ReconcileEmitter;
  /** Long operations on a workspace (a load, a swap) hold its lock: one at a time. */
  readonly locks: KeyedQueue;
  readonly settings: Pick<SettingsService, 'get'>;
  readonly kallaRecon: KallaReconClient;
}

/** Both sources' infos, or a UserError saying to load them. */
export function bothSources(s: WorkspaceState): { left: SourceInfo; right: SourceInfo } {
  if (!s.sources.left || !s.sources.right) throw new UserError('Load both sources first (drop two CSV files on the window).', 'not_ready');
  return { left: s.sources.left.info, right: s.sources.right.info };
}
