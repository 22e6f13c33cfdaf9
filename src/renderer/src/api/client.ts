/**
 * The typed client: the renderer's only way to talk to the main process.
 * Types come straight from the shared contract.
 */
import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../../../shared/contract';
import { transport } from './transport';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const envelope = await transport().invoke(channel, input);
  if (!envelope.ok) throw new ApiError(envelope.error.message, envelope.error.code);
  return envelope.value as ChannelOutput<C>;
}

export function onEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return transport().on(event, listener as (p: unknown) => void);
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

let callCounter = 0;
export function newCallId(): string {
  callCounter += 1;
  return `c${Date.now().toString(36)}_${callCounter}`;
}
