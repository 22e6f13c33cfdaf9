/** Handlers for the app-level channels. */
import type { HandlerDeps, HandlersFor } from '../handler-types';

export function appHandlers({ platform, paths, appVersion }: HandlerDeps): HandlersFor<'app.'> {
  return {
    'app.info': async () => ({
      name: 'Kalla Desktop',
      version: appVersion,
      mode: platform.mode,
      platform: `${process.platform}-${process.arch}`,
      dataDir: paths.dataDir,
      logsDir: paths.logsDir,
      versions: platform.versions,
    }),
    'app.openExternal': async ({ url }) => {
      await platform.openExternal(url);
      return { ok: true } as const;
    },

  };
}
