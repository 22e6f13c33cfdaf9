/**
 * The one handler table: every contract channel maps to a service call. Each
 * workspace keeps its handlers in `handlers/<domain>.ts`; the type below makes
 * a missing or misspelled channel a compile error. Inputs arrive validated.
 */
import type { HandlerDeps, HandlerTable } from './handler-types';
import { appHandlers } from './handlers/app';
import { assistantHandlers } from './handlers/assistant';
import { lineageHandlers } from './handlers/lineage';
import { reconcileHandlers } from './handlers/reconcile';
import { serversHandlers } from './handlers/servers';
import { settingsHandlers } from './handlers/settings';

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
