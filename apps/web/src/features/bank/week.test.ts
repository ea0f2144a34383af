import { describe, expect, it } from 'vitest';
import { weekName, weekRange } from './week';

describe('weekRange', () => {
  it.each([
    ['2026-W47', '11月16日–11月22日'],
    ['2026-W01', '12月29日–1月4日'],
    ['2020-W53', '12月28日–1月3日'],
  ])('%s is %s', (week, range) => {
    expect(weekRange(week)).toBe(range);
  });
});

describe('weekName', () => {
  it.each([
    ['2026-W47', '2026-W47', '本周'],
    ['2026-W46', '2026-W47', '上周'],
    ['2026-W40', '2026-W47', '7周前'],
    ['2025-W52', '2026-W01', '上周'],
  ])('%s seen in %s is %s', (week, current, name) => {
    expect(weekName(week, current)).toBe(name);
  });
});
