/**
 * An open answer's pieces (issue 15, latency): a voice that never pauses a quarter of a second
 * is still cut, in its shorter silences, so both workers share it; never inside speech.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from './preprocess';
import { keywordPieces } from './speech-jobs';
import { KEYWORD_SPLIT, splitAtPauses } from './split';

const RATE = 16000;

/** `runs` bursts of `speech` seconds of a speech-like tone, `gap` seconds of noise floor apart. */
function answer(runs: number, speech: number, gap: number): Float32Array {
  const random = seededRandom(11);
  const pattern: ['s' | '_', number][] = [['_', 0.3]];
  for (let run = 0; run < runs; run += 1) pattern.push(['s', speech], ['_', gap]);
  const out = new Float32Array(Math.round(pattern.reduce((sum, [, s]) => sum + s, 0) * RATE));
  let i = 0;
  for (const [kind, seconds] of pattern) {
    const end = i + Math.round(seconds * RATE);
    for (; i < end; i += 1) {
      const noise = (random() * 2 - 1) * 2e-3;
      out[i] = kind === 's' ? 0.2 * Math.sin((2 * Math.PI * 180 * i) / RATE) + noise : noise;
    }
  }
  return out;
}

/** Whether sample `at` lies in a gap of the answer (its tone is silent there). */
const inSilence = (samples: Float32Array, at: number) =>
  Math.max(...Array.from(samples.subarray(at - 160, at + 160), Math.abs)) < 0.01;

describe('keywordPieces', () => {
  it('cuts an answer without quarter-second pauses in its shorter silences', () => {
    // 30 s of 1.5 s phrases 0.15 s apart: no pause of 0.25 s, so one piece at pauses alone.
    const samples = answer(18, 1.5, 0.15);
    expect(splitAtPauses(samples, KEYWORD_SPLIT)).toHaveLength(1);
    const pieces = keywordPieces(samples);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces[0]?.start).toBe(0);
    expect(pieces.at(-1)?.end).toBe(samples.length);
    for (let i = 1; i < pieces.length; i += 1) {
      expect(pieces[i]?.start).toBe(pieces[i - 1]?.end);
      expect(inSilence(samples, pieces[i]?.start ?? 0)).toBe(true);
    }
    for (const piece of pieces) {
      expect((piece.end - piece.start) / RATE).toBeLessThanOrEqual(
        KEYWORD_SPLIT.targetSeconds * 1.5,
      );
    }
  });

  it('keeps the pieces an answer with real pauses already has', () => {
    const samples = answer(6, 4, 0.5);
    expect(keywordPieces(samples)).toEqual(splitAtPauses(samples, KEYWORD_SPLIT));
  });
});
