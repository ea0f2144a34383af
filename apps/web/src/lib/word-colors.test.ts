import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  defaultWordColorBands,
  pickBand,
  readableTextColor,
  toPercent,
  totalScore,
} from './word-colors';
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

describe('readableTextColor (WCAG 2.1 AA 1.4.3, issue 23)', () => {
  const rgb = (hex: string): [number, number, number] => [
    parseInt(hex.slice(1, 3), 16),
    parseInt(hex.slice(3, 5), 16),
    parseInt(hex.slice(5, 7), 16),
  ];
  it.each([
    ['#52c41a', 'the spec green, 2.2:1'],
    ['#ff4d4f', 'the spec red, 3.1:1'],
    ['#faad14', 'a light orange a server might send'],
  ])('darkens %s (%s) to at least 4.5:1 on the selected word and the result grey', (colour) => {
    const text = readableTextColor(colour);
    expect(text).not.toBe(colour);
    expect(contrastRatio(rgb(text), rgb('#e6f4ff'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgb(text), rgb('#fafafa'))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already passes, and one it cannot read', () => {
    expect(readableTextColor('#595959')).toBe('#595959');
    expect(readableTextColor('red')).toBe('red');
  });
});
