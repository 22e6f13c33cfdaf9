/**
 * The one handler table: every contract channel maps to a service call. Each
 * workspace keeps its handlers in `handlers/<domain>.ts`; the type below makes
 * a missing or misspelled channel a compile error. Inputs arrive validated.
 */
import type { z } from 'zod';
import type { ChannelName, ChannelOutput, Channels } from '../../shared/contract';
import type { McpHost } from '../mcp/host';
import type { AppPaths } from '../paths';
import type { Platform } from '../platform';
import type { AssistantService } from '../assistant/service';
import { appHandlers } from './handlers/app';
import { assistantHandlers } from './handlers/assistant';
import { lineageHandlers } from './handlers/lineage';
import type { LineageService } from '../lineage/service';
import { serversHandlers } from './handlers/servers';
import { settingsHandlers } from './handlers/settings';
import { reconcileHandlers } from './handlers/reconcile';
import type { ReconcileService } from '../reconcile';
import type { SettingsService } from '../settings/settings-service';

export type Handler<C extends ChannelName> = (input: z.output<Channels[C]['input']>) => Promise<ChannelOutput<C>>;

export type HandlerTable = { [C in ChannelName]: Handler<C> };

/** The handlers of every channel whose name starts with `Prefix`. */
export type HandlersFor<Prefix extends string> = { [C in ChannelName as C extends `${Prefix}${string}` ? C : never]: Handler<C> };

export interface HandlerDeps {
  host: McpHost;
  settings: SettingsService;
  platform: Platform;
  paths: AppPaths;
  appVersion: string;
  lineage: LineageService;
  assistant: AssistantService;
  workspaces: ReconcileService;
}

export function createHandlers(deps: HandlerDeps): HandlerTable {
  return {
    ...appHandlers(deps),
    ...assistantHandlers(deps),
    ...lineageHandlers(deps),
    ...serversHandlers(deps),
    ...settingsHandlers(deps),
    ...reconcileHandlers(deps),
  };
}
