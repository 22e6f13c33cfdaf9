/**
 * The one error module of the main process. It sits at the bottom of main (it imports only shared
 * types), so services, the Reconcile engine, the CLI and the IPC dispatcher all use it without
 * depending on each other: a service never imports from `ipc/` to throw a user-facing error.
 *
 * A `UserError` carries a stable code and a message written for the user (what happened and what
 * to do). The dispatcher sends both in the error envelope; anything that is not a `UserError`
 * crosses as `failed` with its message. The codes are the wire codes the renderer's `ApiError`
 * receives, so renaming one is a contract change.
 */
import type { ReconErrorCode } from '../shared/reconcile/sources-and-runs';

/** Codes the dispatcher itself produces for a call that never reached a handler or broke the contract. */
export type DispatchErrorCode = 'unknown_channel' | 'invalid_input' | 'internal';

/** Codes services throw. */
export type ServiceErrorCode =
  | 'failed'
  | 'invalid_input'
  | 'invalid_config'
  | 'not_found'
  | 'not_ready'
  | 'not_configured'
  | 'no_connection'
  | 'unavailable'
  | 'tool_error'
  | 'busy'
  /** The workspace changed since the caller saw it (another tab or window); nothing was applied. */
  | 'conflict'
  | 'cancelled'
  /** The disk is full (ENOSPC, DuckDB "No space left on device"): nothing was changed. */
  | 'disk_full'
  /** The folder cannot be written (EROFS, EACCES, EPERM). */
  | 'read_only'
  /** A workspace's engine file (recon.duckdb) cannot be opened: it can be rebuilt from the sources. */
  | 'engine_damaged'
  /** The workspace's folder disappeared while it was in use. */
  | 'workspace_gone'
  /** A file written by a newer Kalla (a recipe, workspace state or engine file version this one does not know). */
  | 'newer_version'
  /** DuckDB reached the memory limit Kalla gives it (KALLA_RECON_MEMORY_LIMIT raises it). */
  | 'out_of_memory';

export type ErrorCode = DispatchErrorCode | ServiceErrorCode | ReconErrorCode;

/** A failure the user can act on: a stable code and a message that says what to do. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = 'failed',
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/**
 * A failure of the Reconcile engine: an engine code plus details the UI can show (line numbers,
 * counts). It is a UserError, so it reaches the user with its own code wherever it is thrown.
 */
export class ReconError extends UserError {
  declare readonly code: ReconErrorCode;

  constructor(
    code: ReconErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message, code);
    this.name = 'ReconError';
  }
}

/**
 * Something written by a newer Kalla (a recipe, a workspace's state.json, its engine file): the one
 * place for the words, so each says the same thing — what it is, its version and the highest this
 * Kalla reads — followed by `next`, the way out ("Update Kalla to open it."). Nothing is changed or
 * offered that would drop what the newer Kalla wrote (issue 27).
 */
export function newerVersionError(what: string, kind: string, version: number, max: number, next: string): UserError {
  return new UserError(`${what} was made by a newer Kalla (${kind} version ${version}; this Kalla reads versions up to ${max}). ${next}`, 'newer_version');
}

/** The message of anything thrown, for a user-facing sentence or a log line. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The code an error crosses the wire with. */
export function errorCode(e: unknown): ErrorCode {
  return e instanceof UserError ? e.code : 'failed';
}

/** Where a system failure happened, for the sentence: what Kalla was doing and on which path. */
export interface FailureContext {
  /** "loading bank.csv", "writing the exports", "opening this workspace" … */
  doing?: string;
  /** The file or folder concerned, when known. */
  path?: string;
}

/** The path an errno or DuckDB message names, for the sentence (first quoted or trailing path). */
function pathIn(message: string): string | undefined {
  return /"(\/[^"]+)"/.exec(message)?.[1] ?? /'(\/[^']+)'/.exec(message)?.[1];
}

/**
 * Raw machine texts (errno codes, DuckDB I/O errors) as a sentence with a next step (issue 27).
 * A UserError passes unchanged; anything not recognised is returned as it is, so the caller
 * rethrows the original. Used where files are read and written: opening a workspace's engine,
 * loading a source, exporting, the CLI and `kalla web`.
 */
export function explainSystemError(e: unknown, where: FailureContext = {}): unknown {
  if (e instanceof UserError || !(e instanceof Error)) return e;
  const raw = e.message;
  const errno = (e as NodeJS.ErrnoException).code ?? '';
  const path = where.path ?? (e as NodeJS.ErrnoException).path ?? pathIn(raw);
  const doing = where.doing ? ` while ${where.doing}` : '';
  const at = path ? ` (${path})` : '';
  if (errno === 'ENOSPC' || /no space left on device|disk is full|not enough space/i.test(raw)) {
    return new UserError(`The disk is full${doing}${at}. Nothing was changed: free some space on that disk, or choose a folder on another disk, and try again.`, 'disk_full');
  }
  if (errno === 'EROFS' || /read-only file system/i.test(raw)) {
    return new UserError(`Kalla cannot write${doing}: the folder is read-only${at}. Choose a writable folder (for the app's data: set KALLA_DATA_DIR or start it from a writable place) and try again.`, 'read_only');
  }
  if (errno === 'EACCES' || errno === 'EPERM' || /permission denied/i.test(raw)) {
    return new UserError(`Kalla is not allowed to write${doing}${at}. Give your user write access to that folder, or choose another one, and try again.`, 'read_only');
  }
  // A recon.duckdb written by a newer DuckDB (so a newer Kalla): "Trying to read a database file with
  // version number 99, but we can only read versions between 64 and 68" (older DuckDBs: "version 64").
  // Not engine_damaged: rebuilding it would set aside what the newer Kalla wrote.
  const storage = /database file with version number (\d+), but we can only read versions? (?:between \d+ and )?(\d+)/i.exec(raw);
  if (storage || /created with a newer version of DuckDB/i.test(raw)) {
    const what = `This workspace's engine file${at}`;
    const next = 'Update Kalla to open it. Nothing was changed.';
    if (storage) return newerVersionError(what, 'storage', Number(storage[1]), Number(storage[2]), next);
    return new UserError(`${what} was made by a newer Kalla (a newer DuckDB storage format). ${next}`, 'newer_version');
  }
  if (/not a valid DuckDB database file|database file .* is corrupt|checksum|Corrupt database|Invalid Input Error: Could not read enough bytes|file is too small to be a DuckDB/i.test(raw)) {
    return new UserError(
      `This workspace's engine file${at} is damaged and cannot be opened. Your files and your mapping and rules are kept: use "Rebuild this workspace's engine from its sources" (the sources are read again; past runs are not kept), or delete the workspace.`,
      'engine_damaged',
    );
  }
  if (/Out of Memory Error/i.test(raw)) {
    // "failed to allocate data of size 32.0 KiB (2.5 GiB/2.5 GiB used)": the limit is the second figure.
    const limit = /\(([\d.]+ ?[KMGT]?i?B)\/([\d.]+ ?[KMGT]?i?B) used\)/.exec(raw)?.[2];
    return new UserError(
      `Kalla's engine ran out of the memory it may use${limit ? ` (${limit})` : ''}${doing}. Nothing was changed. Close other programs and try again, or let the engine use more: set KALLA_RECON_MEMORY_LIMIT (for example 6GB, at most what the machine has free) before starting Kalla. For an export, fewer formats or fewer business columns also need less.`,
      'out_of_memory',
    );
  }
  if (errno === 'EISDIR') {
    return new UserError(`A folder is in the way${doing}${at}: Kalla needs to write a file there. Move or rename that folder, or choose another one, and try again.`, 'invalid_path');
  }
  if (errno === 'ENOENT' && where.doing) {
    return new UserError(`A file or folder Kalla was using disappeared${doing}${at}. If the workspace's folder was deleted or moved while it was open, reopen the workspace (or load its sources again) and try again.`, 'workspace_gone');
  }
  return e;
}
