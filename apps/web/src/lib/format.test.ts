import { describe, expect, it } from 'vitest';
import { formatCount, relativeTime } from './format';

describe('formatCount (spec §9)', () => {
  // Decision: always one decimal in 万, rounded half up on the thousands digit.
  it.each([
    [0, '0次'],
    [1, '1次'],
    [9999, '9999次'],
    [10000, '1.0万次'],
    [10499, '1.0万次'],
    [10500, '1.1万次'],
    [12345, '1.2万次'],
    [12500, '1.3万次'],
    [99499, '9.9万次'],
    [99500, '10.0万次'],
    [99999, '10.0万次'],
    [123456, '12.3万次'],
  ])('%i → %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });
});

describe('relativeTime (spec §9)', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    ['0 s', 0, '刚刚'],
    ['59 s', 59_000, '刚刚'],
    ['minus 5 min (future)', -5 * minute, '刚刚'],
    ['1 min', minute, '1分钟前'],
    ['59 min', 59 * minute, '59分钟前'],
    ['1 h', hour, '1小时前'],
    ['23 h', 23 * hour, '23小时前'],
    ['1 day', day, '1天前'],
    ['3 days', 3 * day, '3天前'],
    ['6 days', 6 * day, '6天前'],
    ['7 days', 7 * day, '1周前'],
    ['29 days', 29 * day, '4周前'],
    ['30 days', 30 * day, '1个月前'],
    ['364 days', 364 * day, '12个月前'],
    ['365 days', 365 * day, '1年前'],
    ['3 years', 3 * 365 * day, '3年前'],
  ])('%s ago → %s', (_label, elapsed, expected) => {
    expect(relativeTime(new Date(now.getTime() - elapsed), now)).toBe(expected);
  });

  it('accepts timestamps and ISO strings', () => {
    expect(relativeTime(now.getTime() - 2 * hour, now.getTime())).toBe('2小时前');
    expect(relativeTime('2025-06-12T12:00:00Z', now)).toBe('3天前');
  });

  it('says 刚刚 for an unreadable date rather than NaN', () => {
    expect(relativeTime('not a date', now)).toBe('刚刚');
  });
});
