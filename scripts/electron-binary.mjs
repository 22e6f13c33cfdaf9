/**
 * Where Electron's binary is, if this machine has one. Electron downloads it
 * lazily (and cannot here), so `npm start`, `npm test` and the Electron e2e
 * project all ask this one function.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {string | undefined} */
export function electronBinary() {
  let pkgDir;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}
