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
import type { ReconErrorCode } from '../shared/recon-engine';

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
  | 'cancelled';

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

/** The message of anything thrown, for a user-facing sentence or a log line. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The code an error crosses the wire with. */
export function errorCode(e: unknown): ErrorCode {
  return e instanceof UserError ? e.code : 'failed';
}
