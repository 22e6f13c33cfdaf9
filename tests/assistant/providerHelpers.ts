import { ProviderError } from '../../src/main/assistant/providers/errors';

/** A retry `sleep` that records the requested delay and returns at once: delays are asserted, never waited. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

/** The ProviderError a promise rejects with (fails the test if it resolves or rejects otherwise). */
export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw new Error(`expected a ProviderError, got ${String(e)}`);
  }
  throw new Error('expected the call to fail, but it succeeded');
}
