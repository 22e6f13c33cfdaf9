/** Handlers for settings: the key is written to the secret store and only its state is returned. */
import type { HandlerDeps, HandlersFor } from '../handler-types';

export function settingsHandlers({ settings }: HandlerDeps): HandlersFor<'settings.'> {
  return {
    'settings.get': async () => settings.view(),
    'settings.update': async (patch) => (await settings.update(patch), settings.view()),
    'settings.setApiKey': async ({ provider, key }) => (await settings.setApiKey(provider, key), settings.view()),
    'settings.clearApiKey': async ({ provider }) => (await settings.clearApiKey(provider), settings.view()),
  };
}
