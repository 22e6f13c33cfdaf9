import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/**
 * Files holding secrets (secrets.json, mcp-servers.json with servers' tokens)
 * are readable by their owner only.
 */
export const SECRET_FILE_MODE = 0o600;

/**
 * Narrow an existing secrets file written before it was created 0600 (or by
 * hand): called when the file is read, so an old install is fixed at start.
 * Best effort on filesystems without POSIX modes (Windows, some mounts).
 */
export async function tightenSecretFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (info && (info.mode & 0o077) !== 0) await chmod(path, SECRET_FILE_MODE).catch(() => undefined);
}
