import { randomBytes } from 'node:crypto';
import { appendFile, chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/**
 * Every file Kalla writes into its data folder (settings, workspace state, the Assistant's
 * conversations, logs, server lists) is its owner's only: 0600, like the folder's 0700.
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Write a file so readers see either the old or the new content, never half of
 * it: a crash mid-write must not leave the user's server list truncated. The
 * file is private (0600) unless `mode` says otherwise; one written before that
 * (0644) is replaced by a 0600 one at its next write.
 */
export async function writeFileAtomic(path: string, content: string, opts: { mode?: number; createDir?: boolean } = {}): Promise<void> {
  const dir = dirname(path);
  // `createDir: false`: a folder that is gone stays gone (ENOENT), e.g. a workspace deleted while open.
  if (opts.createDir !== false) await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    // `mode` applies at creation, so a secrets file is never readable by others, not even briefly.
    await writeFile(temp, content, { encoding: 'utf8', flush: true, mode: opts.mode ?? PRIVATE_FILE_MODE });
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
export const SECRET_FILE_MODE = PRIVATE_FILE_MODE;

/**
 * Narrow an existing secrets file written before it was created 0600 (or by
 * hand): called when the file is read, so an old install is fixed at start.
 * Best effort on filesystems without POSIX modes (Windows, some mounts).
 */
export async function tightenSecretFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (info && (info.mode & 0o077) !== 0) await chmod(path, SECRET_FILE_MODE).catch(() => undefined);
}

const narrowed = new Set<string>();

/**
 * Append to a private file (logs): created 0600; a file an older version left
 * wider is narrowed at this process's first append to it.
 */
export async function appendPrivateFile(path: string, text: string): Promise<void> {
  await appendFile(path, text, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
  if (!narrowed.has(path)) {
    narrowed.add(path);
    await tightenSecretFile(path);
  }
}
