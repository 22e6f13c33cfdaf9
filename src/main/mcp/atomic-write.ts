import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/**
 * Write a file so readers see either the old or the new content, never half of
 * it: a crash mid-write must not leave the user's server list truncated.
 */
export async function writeFileAtomic(path: string, content: string, opts: { mode?: number } = {}): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    // `mode` applies at creation, so a secrets file is never readable by others, not even briefly.
    await writeFile(temp, content, { encoding: 'utf8', flush: true, mode: opts.mode });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
