/**
 * Validates and routes one call from the renderer. Shared by Electron IPC and
 * browser mode's WebSocket, so both transports enforce exactly the same rules.
 */
import type { z } from 'zod';
import { channels, isChannelName, type Envelope } from '../../shared/contract';
import { errorCode, errorMessage, explainSystemError } from '../errors';
import type { HandlerTable } from './handler-types';

export type Dispatch = (channel: unknown, input: unknown) => Promise<Envelope<unknown>>;

export function formatZodIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.length ? issue.path.join('.') : '(input)';
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}

export function createDispatcher(table: HandlerTable, onInternalError?: (e: unknown) => void): Dispatch {
  return async (channel, input) => {
    if (!isChannelName(channel)) {
      return { ok: false, error: { code: 'unknown_channel', message: `Unknown channel "${String(channel).slice(0, 80)}".` } };
    }
    const spec = channels[channel];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'invalid_input', message: `Invalid input for ${channel}: ${formatZodIssues(parsed.error)}` },
      };
    }
    try {
      const handler = table[channel] as (i: unknown) => Promise<unknown>;
      const value = await handler(parsed.data);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        // A contract violation is our bug, not the user's: log it and say so plainly.
        onInternalError?.(new Error(`${channel} returned invalid output: ${formatZodIssues(checked.error)}`));
        return { ok: false, error: { code: 'internal', message: `Internal error in ${channel}; see the app log.` } };
      }
      return { ok: true, value: checked.data };
    } catch (e) {
      // A UserError (ReconError included) keeps its code; anything else crosses as `failed`.
      // Raw machine texts (errno, DuckDB I/O) become a sentence with a next step (errors.ts).
      const explained = explainSystemError(e);
      return { ok: false, error: { code: errorCode(explained), message: errorMessage(explained) } };
    }
  };
}
