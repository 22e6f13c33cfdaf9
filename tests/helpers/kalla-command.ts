/**
 * How tests start the `kalla` command as a process. Inside `npm test` (scripts/test-all.mjs sets
 * KALLA_TEST_BUILT=1 after its build step) it is the bundle just built, `bin/kalla.js`: the code
 * users run, and it starts in half the time of tsx compiling src/ (1.6 s against 3.4 s per
 * process, and the suite starts a few hundred). Anywhere else (`npx vitest run` while editing) it
 * is src/cli/index.ts under tsx, so a test always sees the code being edited and never a stale build.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '../..');
/** Absolute loader URL: children may run with a cwd outside the repo. */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Node arguments that run `kalla` (append the command's own arguments). */
export function kallaArgs(): string[] {
  return process.env.KALLA_TEST_BUILT === '1' ? [join(ROOT, 'bin/kalla.js')] : ['--import', TSX_LOADER, join(ROOT, 'src/cli/index.ts')];
}
