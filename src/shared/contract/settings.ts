/** Settings channels. Keys go in (setApiKey) and never come back out. */
import { z } from 'zod';
import { ProviderIdSchema } from '../assistant';
import { SettingsPatchSchema, SettingsViewSchema } from '../settings';
import { Empty } from './common';

export const settingsChannels = {
  'settings.get': { input: Empty, output: SettingsViewSchema },
  'settings.update': { input: SettingsPatchSchema, output: SettingsViewSchema },
  'settings.setApiKey': {
    input: z.object({ provider: ProviderIdSchema, key: z.string().min(1, 'paste the key').max(1000) }).strict(),
    output: SettingsViewSchema,
  },
  'settings.clearApiKey': { input: z.object({ provider: ProviderIdSchema }).strict(), output: SettingsViewSchema },
} as const;

export const settingsEvents = {
  'settings.changed': SettingsViewSchema,
} as const;
