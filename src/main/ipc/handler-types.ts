/**
 * The types of the handler table, apart from the table itself so the per-domain handler files
 * can use them without importing the file that imports them (no cycle).
 */
import type { z } from 'zod';
import type { ChannelName, ChannelOutput, Channels } from '../../shared/contract';
import type { AssistantService } from '../assistant/service';
import type { LineageService } from '../lineage/service';
import type { McpHost } from '../mcp/host';
import type { AppPaths } from '../paths';
import type { Platform } from '../platform';
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
  reconcile: ReconcileService;
}
