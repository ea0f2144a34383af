import { describe, expect, it } from 'vitest';
import { seededRandom } from './preprocess';
import { KEYWORD_SPLIT, planReadingSplit, splitAtPauses, type SplitOptions } from './split';

const RATE = 16000;

/**
 * A prepared recording from a pattern: `s` seconds of speech-like tone, `_` seconds of the
 * noise floor, e.g. [['s', 5], ['_', 0.5], ['s', 5]].
 */
function recording(pattern: ['s' | '_', number][]): Float32Array {
  const random = seededRandom(7);
  const total = Math.round(pattern.reduce((sum, [, seconds]) => sum + seconds, 0) * RATE);
  const out = new Float32Array(total);
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

const seconds = (pieces: { start: number; end: number }[]) =>
  pieces.map((piece) => [piece.start / RATE, piece.end / RATE]);

describe('splitAtPauses', () => {
  const options: SplitOptions = KEYWORD_SPLIT;

  it('leaves a short answer whole', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 3],
      ['_', 0.5],
      ['s', 3],
      ['_', 0.3],
    ]);
    expect(seconds(splitAtPauses(input, options))).toEqual([[0, input.length / RATE]]);
  });

  it('cuts a long answer in the middle of its pauses, each piece within the target', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 5],
      ['_', 0.4],
      ['s', 2],
      ['_', 0.6],
      ['s', 6],
      ['_', 0.4],
      ['s', 5],
      ['_', 0.3],
    ]);
    const pieces = seconds(splitAtPauses(input, options));
    // Pauses centred at 5.5, 8.0 and 14.5 s; the first piece takes the latest pause within 8 s.
    expect(pieces).toEqual([
      [0, 8],
      [8, 14.5],
      [14.5, input.length / RATE],
    ]);
  });

  it('covers the whole recording with no gap or overlap', () => {
    const pattern: ['s' | '_', number][] = [['_', 0.3]];
    for (let k = 0; k < 12; k += 1) pattern.push(['s', 2 + (k % 3)], ['_', 0.3 + (k % 2) * 0.4]);
    const input = recording(pattern);
    const pieces = splitAtPauses(input, options);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces[0]?.start).toBe(0);
    expect(pieces.at(-1)?.end).toBe(input.length);
    for (let i = 1; i < pieces.length; i += 1) expect(pieces[i]?.start).toBe(pieces[i - 1]?.end);
    for (const piece of pieces.slice(0, -1)) {
      expect((piece.end - piece.start) / RATE).toBeGreaterThanOrEqual(options.minSeconds);
      expect((piece.end - piece.start) / RATE).toBeLessThanOrEqual(options.targetSeconds);
    }
  });

  it('does not cut at a pause shorter than the minimum, nor leave a sliver at the end', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 9],
      ['_', 0.2],
      ['s', 9],
      ['_', 0.5],
      ['s', 1],
      ['_', 0.3],
    ]);
    expect(splitAtPauses(input, options)).toHaveLength(1);
  });

  it('with no pause inside the target, cuts at the first pause after it', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 12],
      ['_', 0.5],
      ['s', 5],
      ['_', 0.3],
    ]);
    expect(seconds(splitAtPauses(input, options))).toEqual([
      [0, 12.55],
      [12.55, input.length / RATE],
    ]);
  });
});

describe('planReadingSplit', () => {
  /** 40 words of 4 letters: the estimate is simply the share of speech before the cut. */
  const words = Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(3, '0')}`);

  it('leaves a reading under 24 s whole', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 10],
      ['_', 0.6],
      ['s', 10],
      ['_', 0.3],
    ]);
    expect(planReadingSplit(input, words)).toBeNull();
  });

  it('cuts in the pause that best halves the speech, with the words around the estimate open', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 8],
      ['_', 0.4],
      ['s', 7],
      ['_', 0.6],
      ['s', 15],
      ['_', 0.3],
    ]);
    const plan = planReadingSplit(input, words);
    // Pauses at 8.5 s (8 of 30 s of speech) and 16 s (15 of 30): the second halves it.
    expect(plan?.cut).toBe(16 * RATE);
    // Half the speech → word 20; the window is 20 % of the words (8) either side.
    expect(plan).toMatchObject({ windowFrom: 12, windowTo: 28 });
  });

  it('keeps at least one word each half must read, even when the window would cover them', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 13],
      ['_', 0.6],
      ['s', 13],
      ['_', 0.3],
    ]);
    expect(planReadingSplit(input, ['one', 'two', 'three', 'four', 'five'])).toMatchObject({
      windowFrom: 1,
      windowTo: 4,
    });
  });

  it('cuts a reading the clock cut off early in its speech, the window reaching back', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 10.5],
      ['_', 0.4],
      ['s', 4.5],
      ['_', 0.6],
      ['s', 15],
      ['_', 0.3],
    ]);
    // Pauses at 11 s (10.5 of 30 s of speech, 35 %) and 16 s (50 %): the early one.
    const plan = planReadingSplit(input, words, true);
    expect(plan?.cut).toBe(11 * RATE);
    // 35 % → word 14 if all 40 words were read, word 7 if half were; then 6 words either way.
    expect(plan).toMatchObject({ windowFrom: 1, windowTo: 20 });
    expect(planReadingSplit(input, words)?.cut).toBe(16 * RATE);
  });

  it('does not cut a reading whose only pauses are near its ends', () => {
    const input = recording([
      ['_', 0.3],
      ['s', 4],
      ['_', 0.6],
      ['s', 22],
      ['_', 0.6],
      ['s', 4],
      ['_', 0.3],
    ]);
    expect(planReadingSplit(input, words)).toBeNull();
  });
});
