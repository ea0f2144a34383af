import { describe, expect, it } from 'vitest';
import {
  buildOverview,
  skillWeeks,
  streakOf,
  weakestTypes,
  weekStartOf,
} from './learning-centre.aggregate';
import { nextQuotaReset, startOfLocalDay } from './learning-centre.service';

/** 学习中心's rules as tables: streaks, weeks, what a study day is, this week's weakest types. */

describe('streakOf', () => {
  const today = '2026-11-22';
  it.each([
    { name: 'nothing yet', days: [], current: 0, longest: 0, activeToday: false },
    { name: 'today only', days: ['2026-11-22'], current: 1, longest: 1, activeToday: true },
    {
      name: 'today not yet studied keeps yesterday’s run',
      days: ['2026-11-20', '2026-11-21'],
      current: 2,
      longest: 2,
      activeToday: false,
    },
    {
      name: 'a gap the day before yesterday breaks it',
      days: ['2026-11-19', '2026-11-20'],
      current: 0,
      longest: 2,
      activeToday: false,
    },
    {
      name: 'across a month end',
      days: ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'],
      current: 0,
      longest: 4,
      activeToday: false,
    },
    {
      name: 'longest is an older run',
      days: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-21', '2026-11-22'],
      current: 2,
      longest: 3,
      activeToday: true,
    },
    {
      name: 'a day after today (a clock ahead) is ignored',
      days: ['2026-11-22', '2026-11-23'],
      current: 1,
      longest: 1,
      activeToday: true,
    },
  ])('$name', ({ days, current, longest, activeToday }) => {
    expect(streakOf(days, today)).toEqual({ current, longest, activeToday });
  });
});

describe('weekStartOf', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-22', '2026-11-16'], // Sunday belongs to the week before
    ['2026-11-25', '2026-11-23'],
    ['2027-01-01', '2026-12-28'], // across a year end
  ])('%s → %s', (day, monday) => {
    expect(weekStartOf(day)).toBe(monday);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    { day: '2026-11-22', zone: 'Asia/Shanghai', instant: '2026-11-21T16:00:00.000Z' },
    { day: '2026-11-22', zone: 'UTC', instant: '2026-11-22T00:00:00.000Z' },
    // Sydney in daylight saving (AEDT, +11) and out of it (AEST, +10).
    { day: '2026-11-22', zone: 'Australia/Sydney', instant: '2026-11-21T13:00:00.000Z' },
    { day: '2026-06-22', zone: 'Australia/Sydney', instant: '2026-06-21T14:00:00.000Z' },
    // The days daylight saving starts (4 Oct 2026) and ends (5 Apr 2026): midnight is on the
    // old offset, the change comes at 02:00 / 03:00.
    { day: '2026-10-04', zone: 'Australia/Sydney', instant: '2026-10-03T14:00:00.000Z' },
    { day: '2026-04-05', zone: 'Australia/Sydney', instant: '2026-04-04T13:00:00.000Z' },
    // Adelaide: +10:30 in summer.
    { day: '2026-11-22', zone: 'Australia/Adelaide', instant: '2026-11-21T13:30:00.000Z' },
  ])('$day in $zone begins at $instant', ({ day, zone, instant }) => {
    expect(startOfLocalDay(day, zone).toISOString()).toBe(instant);
  });
});

describe('nextQuotaReset', () => {
  it.each([
    {
      name: 'daily in Beijing: the next Beijing midnight',
      now: '2026-11-22T02:00:00Z',
      reset: 'daily' as const,
      zone: 'Asia/Shanghai',
      next: '2026-11-22T16:00:00.000Z',
    },
    {
      name: 'a minute before midnight',
      now: '2026-11-22T15:59:30Z',
      reset: 'daily' as const,
      zone: 'Asia/Shanghai',
      next: '2026-11-22T16:00:00.000Z',
    },
    {
      name: 'daily in Sydney the night daylight saving starts',
      now: '2026-10-03T12:00:00Z',
      reset: 'daily' as const,
      zone: 'Australia/Sydney',
      next: '2026-10-03T14:00:00.000Z',
    },
    {
      name: 'weekly: Monday',
      now: '2026-11-22T02:00:00Z',
      reset: 'weekly' as const,
      zone: 'Asia/Shanghai',
      next: '2026-11-22T16:00:00.000Z',
    },
    {
      name: 'monthly',
      now: '2026-11-22T02:00:00Z',
      reset: 'monthly' as const,
      zone: 'Asia/Shanghai',
      next: '2026-11-30T16:00:00.000Z',
    },
  ])('$name', ({ now, reset, zone, next }) => {
    const at = nextQuotaReset(new Date(now), { allowance: 5, reset, timeZone: zone });
    expect(at?.toISOString()).toBe(next);
  });

  it('is null when uses never come back', () => {
    expect(
      nextQuotaReset(new Date(), { allowance: 5, reset: 'never', timeZone: 'UTC' }),
    ).toBeNull();
  });
});

describe('buildOverview', () => {
  const base = {
    timeZone: 'Asia/Shanghai',
    today: '2026-11-22',
    attemptHours: [],
    studyHours: [],
  };
  const at = new Date('2026-11-22T02:00:00Z');

  it.each([
    { name: '59 s of study only', seconds: 59, practices: 0, studyDays: 0 },
    { name: 'a minute of study', seconds: 60, practices: 0, studyDays: 1 },
    { name: 'one practice, no time', seconds: 0, practices: 1, studyDays: 1 },
  ])('a study day: $name', ({ seconds, practices, studyDays }) => {
    const overview = buildOverview({
      ...base,
      studyDays: seconds ? [{ day: '2026-11-22', seconds }] : [],
      dayTypes: [],
      typeTotals: [],
      dayCounts: practices ? [{ day: '2026-11-22', count: practices }] : [],
    });
    expect(overview.studyDays).toBe(studyDays);
    expect(overview.streak.activeToday).toBe(studyDays === 1);
  });

  it('adds study time and practices per day, per type and in total', () => {
    const overview = buildOverview({
      ...base,
      studyDays: [
        { day: '2026-11-21', seconds: 600 },
        { day: '2026-11-22', seconds: 1830 },
      ],
      dayTypes: [
        { day: '2026-11-21', type: 'WFD', count: 4, estimateSum: 200, wrong: 2, lastAt: at },
        { day: '2026-11-22', type: 'WFD', count: 2, estimateSum: 180, wrong: 0, lastAt: at },
        { day: '2026-11-22', type: 'RA', count: 1, estimateSum: 40, wrong: 1, lastAt: at },
      ],
      // An old day outside the calendar still counts in the totals.
      dayCounts: [
        { day: '2025-01-01', count: 1 },
        { day: '2026-11-21', count: 4 },
        { day: '2026-11-22', count: 3 },
      ],
      typeTotals: [
        { type: 'WFD', count: 6, estimateSum: 380, wrong: 2, lastAt: at },
        { type: 'RA', count: 2, estimateSum: 100, wrong: 1, lastAt: at },
      ],
    });
    expect(overview).toMatchObject({
      todayMinutes: 30,
      todayPractices: 3,
      totalMinutes: 40,
      totalPractices: 8,
      studyDays: 3,
      streak: { current: 2, longest: 2, activeToday: true },
    });
    expect(overview.days).toHaveLength(183);
    expect(overview.days.at(-1)).toEqual({ date: '2026-11-22', minutes: 30, practices: 3 });
    const wfd = overview.types.find((type) => type.type === 'WFD');
    expect(wfd).toMatchObject({ practices: 6, accuracy: 4 / 6, averageScore: 63 });
    expect(wfd?.weeks.at(-1)).toEqual({ weekStart: '2026-11-16', practices: 6, averageScore: 63 });
    expect(overview.weakest.map((type) => type.type)).toEqual(['RA', 'WFD']);
  });
});

describe('weakestTypes', () => {
  it('orders by average 估分, then accuracy, and keeps three', () => {
    const week = new Map([
      ['RA', { count: 2, estimateSum: 100, wrong: 1 }],
      ['WFD', { count: 2, estimateSum: 100, wrong: 2 }],
      ['RS', { count: 1, estimateSum: 30, wrong: 1 }],
      ['DI', { count: 1, estimateSum: 90, wrong: 0 }],
    ] as const);
    expect(weakestTypes(week).map((entry) => entry.type)).toEqual(['RS', 'WFD', 'RA']);
  });
});

describe('skillWeeks', () => {
  it('averages each skill over the week and the three before it', () => {
    const rows = [
      // WFD feeds listening and writing; RA speaking only (2025 profile).
      { weekStart: '2026-10-19', type: 'WFD', count: 2, estimateSum: 100 },
      { weekStart: '2026-11-16', type: 'WFD', count: 2, estimateSum: 140 },
      { weekStart: '2026-11-16', type: 'RA', count: 1, estimateSum: 80 },
    ];
    const [old, latest] = skillWeeks(rows, ['2026-10-19', '2026-11-16']);
    expect(old?.skills).toEqual({ speaking: null, writing: 50, reading: null, listening: 50 });
    // 2026-10-19 is four weeks before 2026-11-16 (outside its window).
    expect(latest?.skills).toEqual({ speaking: 80, writing: 70, reading: null, listening: 70 });
  });
});
