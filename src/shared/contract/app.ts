/** App-level channels: version info, external links. */
import { z } from 'zod';
import { Empty, Ok } from './common';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(['electron', 'browser']),
  platform: z.string(),
  dataDir: z.string(),
  logsDir: z.string(),
  versions: z.record(z.string(), z.string()),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appChannels = {
  'app.info': { input: Empty, output: AppInfoSchema },
  'app.openExternal': {
    input: z.object({ url: z.url({ protocol: /^https?$/ }) }).strict(),
    output: Ok,
  },
} as const;

export const appEvents = {} as const;
