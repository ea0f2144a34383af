import { describe, expect, it } from 'vitest';
import { endOfLocalDay, ratingOf } from './listening.service';

describe("the learner's day ends at midnight in TIME_ZONE", () => {
  it.each([
    ['2026-11-22T02:00:00Z', 'Asia/Shanghai', '2026-11-22T16:00:00.000Z'],
    ['2026-11-22T15:59:59Z', 'Asia/Shanghai', '2026-11-22T16:00:00.000Z'],
    ['2026-11-22T16:00:00Z', 'Asia/Shanghai', '2026-11-23T16:00:00.000Z'],
    ['2026-11-22T02:00:00Z', 'UTC', '2026-11-23T00:00:00.000Z'],
  ])('%s in %s → %s', (now, zone, end) => {
    expect(endOfLocalDay(new Date(now), zone).toISOString()).toBe(end);
  });
});

describe('an answer grades its review card (LISTENING_GRADES)', () => {
  it.each([
    ['dictation', 10, 10, 'good'],
    ['dictation', 8, 10, 'hard'],
    ['dictation', 7, 10, 'again'],
    ['shadowing', 72, 90, 'good'],
    ['shadowing', 60, 90, 'hard'],
    ['shadowing', 50, 90, 'again'],
    ['shadowing', 0, 0, 'again'],
  ] as const)('%s %i of %i → %s', (mode, score, max, rating) => {
    expect(ratingOf(mode, score, max)).toBe(rating);
  });
});
