import type { ReconErrorCode } from '../../../shared/recon-engine';

/** Every user-facing failure of the engine carries a stable code plus details the UI can show. */
export class ReconError extends Error {
  constructor(
    readonly code: ReconErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ReconError';
  }
}
