import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES, channels } from '../../src/shared/contract';

describe('IPC contract', () => {
  it('has exactly the channels and events the app was built against', () => {
    // Changing this list changes what the renderer may ask of the main process: review it.
    expect({ channels: CHANNEL_NAMES, events: EVENT_NAMES }).toMatchSnapshot();
  });

  it('rejects unknown fields on every object input (strict schemas)', () => {
    for (const name of CHANNEL_NAMES) {
      const r = channels[name].input.safeParse({ __proto_pollution__: 1 });
      expect(r.success, `${name} accepted an unknown field`).toBe(false);
    }
  });
});
