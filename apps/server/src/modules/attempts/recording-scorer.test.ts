/**
 * The recording scorer against a stand-in engine: a full engine queue makes a scoring job wait
 * for room instead of failing its try; the engine's other trouble still fails it (50300).
 */
import { ErrorCode, type Item } from '@ninety/contract';
import type { EngineOutcome } from '@ninety/scoring';
import { describe, expect, it } from 'vitest';
import { SpeechEngineError, type SpeechEngine } from '../../adapters/speech/engine';
import { encodeWav } from '../../adapters/speech/wav';
import { speechRecordingScorer } from './recording-scorer';

const ITEM = {
  id: 'rs-test',
  type: 'RS',
  content: {},
  key: { transcript: 'the library opens at nine' },
} as unknown as Item;
const WAV = new Uint8Array(encodeWav(new Float32Array(16_000 * 2)));
const NOT_HEARD: EngineOutcome = { ok: false, reason: 'no-speech' };

/** An engine whose align refuses with these errors first, then answers. */
function engineFailing(errors: SpeechEngineError[]): SpeechEngine & { calls: number } {
  const engine = {
    calls: 0,
    align: async () => {
      engine.calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return NOT_HEARD;
    },
    spotKeywords: async () => NOT_HEARD,
    matchAnswers: async () => NOT_HEARD,
    warmUp: async () => undefined,
    close: async () => undefined,
  };
  return engine;
}

describe('speechRecordingScorer', () => {
  it('waits for room when the engine’s queue is full, then scores', async () => {
    const busy = () => new SpeechEngineError('busy', '9 speech jobs are already waiting');
    const engine = engineFailing([busy(), busy()]);
    const { result } = await speechRecordingScorer(engine).score(ITEM, WAV);
    expect(engine.calls).toBe(3);
    expect(result).toMatchObject({ kind: 'speech', unscored: expect.any(Object) });
  });

  it('fails the try on the engine’s other trouble, with the engine’s reason as the cause', async () => {
    const timeout = new SpeechEngineError('timeout', 'speech job took longer than 100 ms');
    const engine = engineFailing([timeout]);
    const failure = await speechRecordingScorer(engine)
      .score(ITEM, WAV)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: ErrorCode.Unavailable, cause: timeout });
    expect(engine.calls).toBe(1);
  });
});
