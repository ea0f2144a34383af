import {
  ITEM_TYPE_CODES,
  LEARNING_CENTRE_CALENDAR_DAYS,
  LEARNING_CENTRE_TREND_WEEKS,
  STREAK_MIN_SECONDS,
  itemTypes,
  skillsFedBy,
  type ItemTypeCode,
  type LearningOverview,
  SkillSchema,
  type Skill,
  type SkillEstimates,
  type Streak,
  type TypeFigures,
  type WeakType,
} from '@ninety/contract';
import { addDays } from '../../lib/clock';

/**
 * 学习中心's figures from rows already grouped by local day / hour / week (the repository does the
 * time-zone arithmetic in SQL). Pure, so the rules — what counts as a study day, how streaks run,
 * what "this week" is — are tested as tables.
 */

/** The four skills in the score report's order (the contract's list). */
export const SKILLS: readonly Skill[] = SkillSchema.options;

/** Types scored on an answer's share of the maximum rather than all-or-nothing. */
export const OPEN_TYPES: readonly ItemTypeCode[] = ITEM_TYPE_CODES.filter(
  (code) => itemTypes[code].isScored && !itemTypes[code].isObjective,
);

const isTypeCode = (type: string): type is ItemTypeCode =>
  (ITEM_TYPE_CODES as readonly string[]).includes(type);

/** Monday of the ISO week of `YYYY-MM-DD`. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A study day: at least one scored practice, or a minute of study time. */
export function isActiveDay(figures: { seconds: number; practices: number } | undefined): boolean {
  return !!figures && (figures.practices > 0 || figures.seconds >= STREAK_MIN_SECONDS);
}

/**
 * Streaks over the learner's local days. Today not yet studied does not break the current streak
 * (the learner still has the evening); a day with nothing before it does. Days after `today`
 * (a clock ahead of the server's) are ignored.
 */
export function streakOf(activeDays: Iterable<string>, today: string): Streak {
  const days = new Set([...activeDays].filter((day) => day <= today));
  const activeToday = days.has(today);
  let current = 0;
  let cursor = activeToday ? today : addDays(today, -1);
  while (days.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  let longest = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue;
    let length = 1;
    while (days.has(addDays(day, length))) length += 1;
    longest = Math.max(longest, length);
  }
  return { current, longest, activeToday };
}

interface Totals {
  count: number;
  estimateSum: number;
  wrong: number;
}

export interface DayTypeFigures {
  day: string;
  type: string;
  count: number;
  estimateSum: number;
  wrong: number;
  lastAt: Date;
}

export interface OverviewInput {
  timeZone: string;
  today: string;
  /** Per local day and type, over the trend's weeks at least. */
  dayTypes: readonly DayTypeFigures[];
  /** Per local day, all time. */
  dayCounts: readonly { day: string; count: number }[];
  /** Per type, all time. */
  typeTotals: readonly (Totals & { type: string; lastAt: Date })[];
  studyDays: readonly { day: string; seconds: number }[];
  attemptHours: readonly { hour: number; count: number }[];
  studyHours: readonly { hour: number; seconds: number }[];
}

const minutesOf = (seconds: number) => Math.floor(seconds / 60);
const mean = (sum: number, count: number) => Math.round(sum / count);

const add = (totals: Totals | undefined, row: Totals): Totals => ({
  count: (totals?.count ?? 0) + row.count,
  estimateSum: (totals?.estimateSum ?? 0) + row.estimateSum,
  wrong: (totals?.wrong ?? 0) + row.wrong,
});

/** The overview's figures; the service adds the last practised item. */
export function buildOverview(input: OverviewInput): Omit<LearningOverview, 'lastItem'> {
  const { today } = input;
  const dayFigures = new Map<string, { seconds: number; practices: number }>();
  const figuresOf = (day: string) => {
    let figures = dayFigures.get(day);
    if (!figures) {
      figures = { seconds: 0, practices: 0 };
      dayFigures.set(day, figures);
    }
    return figures;
  };
  for (const row of input.studyDays) figuresOf(row.day).seconds += row.seconds;
  for (const row of input.dayCounts) figuresOf(row.day).practices += row.count;

  const byTypeWeek = new Map<string, Totals>();
  const thisWeek = new Map<ItemTypeCode, Totals>();
  const weekFrom = addDays(today, -6);
  const trendFrom = addDays(weekStartOf(today), -7 * (LEARNING_CENTRE_TREND_WEEKS - 1));
  for (const row of input.dayTypes) {
    if (row.day > today || !isTypeCode(row.type)) continue;
    const type = row.type;
    if (row.day >= trendFrom) {
      const key = `${type}|${weekStartOf(row.day)}`;
      byTypeWeek.set(key, add(byTypeWeek.get(key), row));
    }
    if (row.day >= weekFrom) thisWeek.set(type, add(thisWeek.get(type), row));
  }

  let totalSeconds = 0;
  let totalPractices = 0;
  const active: string[] = [];
  for (const [day, figures] of dayFigures) {
    if (day > today) continue;
    totalSeconds += figures.seconds;
    totalPractices += figures.practices;
    if (isActiveDay(figures)) active.push(day);
  }

  const days = [];
  for (let back = LEARNING_CENTRE_CALENDAR_DAYS - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    const figures = dayFigures.get(date);
    days.push({
      date,
      minutes: minutesOf(figures?.seconds ?? 0),
      practices: figures?.practices ?? 0,
    });
  }

  const hours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    minutes: minutesOf(input.studyHours.find((row) => row.hour === hour)?.seconds ?? 0),
    practices: input.attemptHours.find((row) => row.hour === hour)?.count ?? 0,
  }));

  const weeks = Array.from({ length: LEARNING_CENTRE_TREND_WEEKS }, (_, index) =>
    addDays(trendFrom, 7 * index),
  );
  const byType = new Map(input.typeTotals.map((row) => [row.type, row]));
  const types: TypeFigures[] = ITEM_TYPE_CODES.flatMap((type) => {
    const totals = byType.get(type);
    if (!totals) return [];
    return [
      {
        type,
        practices: totals.count,
        accuracy: (totals.count - totals.wrong) / totals.count,
        averageScore: mean(totals.estimateSum, totals.count),
        lastPractisedAt: totals.lastAt.toISOString(),
        weeks: weeks.map((weekStart) => {
          const week = byTypeWeek.get(`${type}|${weekStart}`);
          return {
            weekStart,
            practices: week?.count ?? 0,
            averageScore: week ? mean(week.estimateSum, week.count) : null,
          };
        }),
      },
    ];
  });

  const today_ = dayFigures.get(today);
  return {
    timeZone: input.timeZone,
    today,
    streak: streakOf(active, today),
    totalMinutes: minutesOf(totalSeconds),
    totalPractices,
    studyDays: active.length,
    todayMinutes: minutesOf(today_?.seconds ?? 0),
    todayPractices: today_?.practices ?? 0,
    days,
    hours,
    types,
    weakest: weakestTypes(thisWeek),
  };
}

/** The week's weakest types: lowest average 估分 first, then lowest accuracy; at most three. */
export function weakestTypes(week: ReadonlyMap<ItemTypeCode, Totals>, limit = 3): WeakType[] {
  return [...week.entries()]
    .map(([type, totals]) => ({
      type,
      practices: totals.count,
      accuracy: (totals.count - totals.wrong) / totals.count,
      averageScore: mean(totals.estimateSum, totals.count),
    }))
    .sort(
      (a, b) =>
        a.averageScore - b.averageScore || a.accuracy - b.accuracy || a.type.localeCompare(b.type),
    )
    .slice(0, limit);
}

/** The skills a type feeds; none for a type the current profile does not score (PI). */
export function skillsOf(type: string): Skill[] {
  if (!isTypeCode(type) || !itemTypes[type].isScored) return [];
  try {
    return skillsFedBy(type);
  } catch {
    return [];
  }
}

/**
 * The four skills' practice estimate per week: the mean 估分 of the answers feeding each skill
 * over that week and the `window - 1` before it, so one odd day does not swing the line.
 */
export function skillWeeks(
  rows: readonly { weekStart: string; type: string; count: number; estimateSum: number }[],
  weekStarts: readonly string[],
  window = 4,
): { weekStart: string; skills: SkillEstimates }[] {
  const byWeek = new Map<string, Map<Skill, { count: number; sum: number }>>();
  for (const row of rows) {
    for (const skill of skillsOf(row.type)) {
      let skills = byWeek.get(row.weekStart);
      if (!skills) {
        skills = new Map();
        byWeek.set(row.weekStart, skills);
      }
      const totals = skills.get(skill) ?? { count: 0, sum: 0 };
      skills.set(skill, { count: totals.count + row.count, sum: totals.sum + row.estimateSum });
    }
  }
  return weekStarts.map((weekStart) => {
    const skills = {} as SkillEstimates;
    for (const skill of SKILLS) {
      let count = 0;
      let sum = 0;
      for (let back = 0; back < window; back += 1) {
        const totals = byWeek.get(addDays(weekStart, -7 * back))?.get(skill);
        count += totals?.count ?? 0;
        sum += totals?.sum ?? 0;
      }
      skills[skill] = count > 0 ? Math.round(sum / count) : null;
    }
    return { weekStart, skills };
  });
}
