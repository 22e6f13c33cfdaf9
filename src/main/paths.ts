/**
 * Where Kalla keeps its files. Electron's `app.getPath('userData')` resolves to
 * the same folder (appData + productName), so Electron and browser mode share
 * servers, settings and workspaces. KALLA_DATA_DIR overrides it (tests, portable use).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PRODUCT_NAME = 'Kalla Desktop';

export interface AppPaths {
  dataDir: string;
  logsDir: string;
}

export function defaultAppDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(homedir(), '.config');
}

export function resolveAppPaths(env: NodeJS.ProcessEnv = process.env, userDataDir?: string): AppPaths {
  const dataDir = env.KALLA_DATA_DIR || userDataDir || join(defaultAppDataDir(env), PRODUCT_NAME);
  return { dataDir, logsDir: join(dataDir, 'logs') };
}
