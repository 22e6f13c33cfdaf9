/**
 * Compare-and-set for the Reconcile store. Every change is sent with the newest revision of its
 * workspace this tab has seen (from answers and from main's `reconcile.changed` events); main
 * refuses it with `conflict` if the workspace changed elsewhere since (another tab or window), so
 * a stale tab can never overwrite. Changes go one at a time, each after the previous one's answer
 * (which carries the next revision), so this tab's own quick clicks do not conflict with each
 * other; run bookkeeping does not move the revision (main), so clicks during a run do not either.
 * A change also waits for this tab's loads in flight (LOADING_CHANNELS): a load's last write (the
 * proposed mapping) can land after the source already shows, so a quick click would otherwise be
 * sent from the revision before it.
 * After a conflict, changes queued before it were made on the stale view too: they are dropped,
 * not sent, and the workspace is reloaded.
 */
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../../shared/contract';
import type { WorkspaceState } from '../../../../shared/reconcile/workspace';
import { LOADING_CHANNELS, REVISIONED_CHANNELS } from '../../../../shared/reconcile/revisioned-channels';
import { ApiError } from '../../api/client';

/** Sends one call to main (the typed client's `call`). */
export type Send = <C extends ChannelName>(channel: C, input: ChannelInput<C>) => Promise<ChannelOutput<C>>;

/** A queued change that a newer one of the same area makes unnecessary (the newer one carries it). */
export interface Supersedable {
  superseded: boolean;
}
export const SKIPPED = Symbol('superseded before it was sent');

export interface ChangeChannel {
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>, queued: Supersedable): Promise<ChannelOutput<C> | typeof SKIPPED>;
  /** A state seen from elsewhere (main's events): its revision is the newest this tab knows of. */
  noteState(st: WorkspaceState): void;
}

export function createChangeChannel(o: {
  send: Send;
  /** The revision of the workspace on screen, used before any answer has named one. */
  shownRevision(): number | undefined;
  /** The workspace as main has it, read after a conflict. */
  reloaded(ws: WorkspaceState): void;
}): ChangeChannel {
  const seen: Record<string, number> = {};
  const noteState = (st: WorkspaceState) => {
    seen[st.id] = Math.max(seen[st.id] ?? 0, st.revision);
  };
  const noteRevision = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const st = 'revision' in v && 'id' in v ? v : 'state' in v ? (v as { state: unknown }).state : undefined;
    if (st && typeof st === 'object' && 'revision' in st && 'id' in st) noteState(st as WorkspaceState);
  };
  const revisioned = new Set<string>(REVISIONED_CHANNELS);
  const loading = new Set<string>(LOADING_CHANNELS);
  const loads = new Set<Promise<unknown>>();
  let changes: Promise<unknown> = Promise.resolve();
  let epoch = 0;

  async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>, queued: Supersedable): Promise<ChannelOutput<C> | typeof SKIPPED>;
  async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>, queued?: Supersedable): Promise<ChannelOutput<C> | typeof SKIPPED> {
    if (!revisioned.has(channel)) {
      const sent = o.send(channel, input);
      if (loading.has(channel)) {
        const settled = sent.then(noteRevision, () => undefined);
        loads.add(settled);
        void settled.then(() => loads.delete(settled));
      }
      const out = await sent;
      noteRevision(out);
      return out;
    }
    const id = (input as { id: string }).id;
    const mine = epoch;
    const send = async (): Promise<ChannelOutput<C> | typeof SKIPPED> => {
      while (loads.size) await Promise.all(loads);
      if (queued?.superseded) return SKIPPED;
      if (mine !== epoch) throw new ApiError('Not applied: this workspace was changed in another window or tab and has been reloaded here. Make the change again if it still applies.', 'conflict');
      try {
        const out = await o.send(channel, { ...input, revision: seen[id] ?? o.shownRevision() ?? 0 } as ChannelInput<C>);
        noteRevision(out);
        return out;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'conflict') {
          epoch += 1;
          await o.send('reconcile.get', { id }).then((ws) => {
            noteState(ws);
            o.reloaded(ws);
          }, () => undefined);
          throw new ApiError('Not applied: this workspace was changed in another window or tab, so it has been reloaded here. Check it and make the change again if it still applies.', 'conflict');
        }
        throw e;
      }
    };
    const result = changes.then(send, send);
    changes = result.catch(() => undefined);
    return result;
  }

  return { call, noteState };
}
