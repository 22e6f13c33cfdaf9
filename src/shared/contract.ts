/**
 * The one IPC contract between the renderer and the main process.
 *
 * Every channel has a zod input and output schema; every event a payload schema.
 * The main process validates every input (the renderer is never trusted), the
 * preload exposes only these names, and the renderer's typed client is derived
 * from this file. Electron IPC and browser mode's WebSocket carry exactly this.
 *
 * Each workspace declares its channels in `contract/<domain>.ts`; this file
 * merges them, so there is still one contract and one list of names.
 */
import type { z } from 'zod';
import { appChannels, appEvents } from './contract/app';
import { assistantChannels, assistantEvents } from './contract/assistant';
import { lineageChannels, lineageEvents } from './contract/lineage';
import { serversChannels, serversEvents } from './contract/servers';
import { settingsChannels, settingsEvents } from './contract/settings';
import { reconcileChannels, reconcileEvents } from './contract/reconcile';

export { AppInfoSchema, type AppInfo } from './contract/app';
export { ServerListSchema } from './contract/servers';

export const channels = {
  ...appChannels,
  ...assistantChannels,
  ...lineageChannels,
  ...serversChannels,
  ...settingsChannels,
  ...reconcileChannels,
} as const;

export const events = {
  ...appEvents,
  ...assistantEvents,
  ...lineageEvents,
  ...serversEvents,
  ...settingsEvents,
  ...reconcileEvents,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** What crosses the wire for a call: never a raw exception, always this envelope. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: string } };

/** Electron IPC channel names used by the preload bridge. */
export const IPC_INVOKE = 'kalla:invoke';
export const IPC_EVENT = 'kalla:event';

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}
