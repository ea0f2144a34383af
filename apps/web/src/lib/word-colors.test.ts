import { describe, expect, it } from 'vitest';
import { defaultWordColorBands, pickBand, toPercent, totalScore } from './word-colors';
import type { WordColorBand } from './word-colors';

describe('pickBand (spec §3, §9)', () => {
  it.each([
    [5, 90, 'green'],
    [85 / 18, 85, 'green'],
    [4.7, 84.6, 'grey'],
    [70 / 18, 70, 'grey'],
    [3.8, 68.4, 'red'],
    [0, 0, 'red'],
  ])('score %f (value %f) is %s', (score, _value, colour) => {
    const expected = { green: '#52c41a', grey: '#595959', red: '#ff4d4f' }[colour];
    expect(pickBand(score)?.color).toBe(expected);
  });

  it('sorts the bands by start descending whatever order the server sends', () => {
    const shuffled = [...defaultWordColorBands].reverse();
    expect(pickBand(5, shuffled)?.status).toBe(2);
    expect(pickBand(4, shuffled)?.status).toBe(1);
    expect(pickBand(1, shuffled)?.status).toBe(0);
  });

  it('does not reorder the caller’s array', () => {
    const bands: WordColorBand[] = [...defaultWordColorBands].reverse();
    const before = bands.map((band) => band.id);
    pickBand(3, bands);
    expect(bands.map((band) => band.id)).toEqual(before);
  });

  it('returns undefined when no band starts low enough', () => {
    expect(pickBand(-1)).toBeUndefined();
    expect(pickBand(1, [{ id: 9, start: 50, end: 100, color: '#000', status: 1 }])).toBeUndefined();
  });
});

describe('toPercent and totalScore (spec §9)', () => {
  it.each([
    [0, 0],
    [45, 50],
    [90, 100],
    [18, 20],
  ])('toPercent(%f) = %f', (value, percent) => {
    expect(toPercent(value)).toBeCloseTo(percent);
  });

  it.each([
    [5, 90],
    [2.5, 45],
    [0, 0],
    [undefined, 180],
    [null, 180],
  ])('totalScore(%s) = %f', (raw, expected) => {
    expect(totalScore(raw)).toBe(expected);
  });
});
