import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_MS_PER_AUDIO_SECOND, speechJobTimeoutMs } from './speech-worker-pool';
import { SPEECH_SAMPLE_RATE } from './wav';

const seconds = (n: number) => ({ samples: new Float32Array(n * SPEECH_SAMPLE_RATE) });

describe('speech job time limits (issue 18, finding 12)', () => {
  it('grows with the audio: a 116 s answer gets far more than the fixed 30 s', () => {
    expect(speechJobTimeoutMs(seconds(0), 30_000)).toBe(30_000);
    expect(speechJobTimeoutMs(seconds(116), 30_000)).toBe(
      30_000 + 116 * DEFAULT_JOB_MS_PER_AUDIO_SECOND,
    );
    // It took 25 s to score on a busy machine: the limit leaves that more than twice over.
    expect(speechJobTimeoutMs(seconds(116), 30_000)).toBeGreaterThan(2 * 25_000 + 30_000);
  });

  it('is the fixed limit alone when the share per second is 0', () => {
    expect(speechJobTimeoutMs(seconds(116), 30_000, 0)).toBe(30_000);
  });
});
