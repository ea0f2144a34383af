import type { Microphone } from '../lib/audio/capture';

/**
 * A microphone for tests that mock `openMicrophone`: it opens at once and hears nothing, unless
 * `overrides` give it listeners (blocks fed by the test) or spies.
 */
export function fakeMicrophone(overrides: Partial<Microphone> = {}): Microphone {
  return {
    stream: {} as MediaStream,
    label: 'Test Mic',
    contextRate: 16000,
    listen: () => () => undefined,
    tone: () => Promise.resolve(),
    onLost: () => () => undefined,
    close: () => undefined,
    ...overrides,
  };
}
