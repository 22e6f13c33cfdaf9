/** Handlers for the Assistant: thin calls into the AssistantService. */
import type { HandlerDeps, HandlersFor } from '../handler-types';

export function assistantHandlers({ assistant }: HandlerDeps): HandlersFor<'assistant.'> {
  return {
    'assistant.state': async ({ scope }) => assistant.state(scope),
    'assistant.send': async ({ scope, text }) => assistant.send(scope, text),
    'assistant.cancel': async ({ scope }) => (await assistant.cancel(scope), { ok: true as const }),
    'assistant.confirm': async ({ confirmationId, approve, remember }) => (await assistant.confirm(confirmationId, approve, remember), { ok: true as const }),
    'assistant.clear': async ({ scope }) => assistant.clear(scope),
    'assistant.provider': async () => assistant.providerStatus(),
    'assistant.testConnection': async ({ provider }) => assistant.testConnection(provider),
    'assistant.tools': async () => assistant.tools(),
  };
}
