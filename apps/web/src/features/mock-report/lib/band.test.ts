import { describe, expect, it } from 'vitest';
import { bandGeometry, rangeText, scalePercent } from './band';

describe('a skill is drawn as a band on the 10–90 scale, not just a number', () => {
  it('places values on the scale, clamped to it', () => {
    expect(scalePercent(10)).toBe(0);
    expect(scalePercent(50)).toBe(50);
    expect(scalePercent(90)).toBe(100);
    expect(scalePercent(5)).toBe(0);
    expect(scalePercent(95)).toBe(100);
  });

  it('draws the range from low to high with the estimate inside', () => {
    expect(bandGeometry({ score: 65, low: 58, high: 72 })).toEqual({
      left: 60,
      width: 17.5,
      marker: 68.75,
    });
    expect(rangeText({ score: 65, low: 58, high: 72 })).toBe('58–72');
  });

  it('keeps a sliver for a point range and draws nothing for an unscored skill', () => {
    expect(bandGeometry({ score: 50, low: 50, high: 50 })).toEqual({
      left: 50,
      width: 1,
      marker: 50,
    });
    expect(rangeText({ score: 50, low: 50, high: 50 })).toBe('50');
    expect(bandGeometry({ score: null, low: null, high: null })).toBeNull();
    expect(rangeText({ score: null, low: null, high: null })).toBe('未评分');
  });
});
