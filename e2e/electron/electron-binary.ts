/** Where the Electron binary is, if this machine has one (it is downloaded lazily, and cannot be here). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function electronBinary(): string | undefined {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return undefined;
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
