import {
  ITEM_TYPE_CODES,
  LEARNING_CENTRE_CALENDAR_DAYS,
  LEARNING_CENTRE_SKILL_WEEKS,
  LEARNING_CENTRE_TREND_WEEKS,
  MISTAKE_CLEARED_AFTER,
  MISTAKE_OPEN_SHARE,
  type ItemTypeCode,
  type LearningOverview,
  type LearningProfile,
  type LearningProfileUpdate,
  type LearningSkills,
  type MistakeBook,
  type MistakeBookQuery,
  type QuotaInfo,
  type SkillEstimates,
  type StudyPlan,
} from '@ninety/contract';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { addDays, localDate, type Clock } from '../../lib/clock';
import { listRecords, mockContext, mockReport, type MockContext } from '../mock/mock.service';
import {
  energyLeft,
  energyPeriodKey,
  findUser,
  isMember,
  type QuotaPolicy,
} from '../users/users.service';
import {
  OPEN_TYPES,
  SKILLS,
  buildOverview,
  skillWeeks,
  weekStartOf,
} from './learning-centre.aggregate';
import {
  toLastPractisedItem,
  toLearningProfile,
  toMistakeEntry,
  toProfileChanges,
} from './learning-centre.mapper';
import { buildStudyPlan, type TypeRecent } from './learning-centre.plan';
import {
  addQuarterSeconds,
  attemptsByDay,
  attemptsByDayAndType,
  attemptsByType,
  attemptsByHour,
  attemptsByWeekAndType,
  attemptsPerTypeSince,
  findProfile,
  lastAttempts,
  lastPractisedItem,
  mistakeItems,
  saveProfile,
  studySecondsByDay,
  studySecondsByHour,
} from './learning-centre.repository';

export interface LearningCentreDeps {
  db: Db;
  clock: Clock;
  /** The product's zone (TIME_ZONE): a learner's until they choose their own. */
  timeZone: string;
  quota: QuotaPolicy;
  /** Mock reports, through the mock module's service. */
  mock: MockContext;
}

export const learningCentreDeps = (context: AppContext): LearningCentreDeps => ({
  db: context.db,
  clock: context.clock,
  timeZone: context.timeZone,
  quota: context.quota,
  mock: mockContext(context),
});

const DAY_MS = 86_400_000;
const QUARTER_SECONDS = 900;
/** Mock reports the skills chart shows (the latest ones). */
const MOCKS_SHOWN = 10;

/** The zone the learner's days are counted in. */
export async function learnerTimeZone(
  deps: Pick<LearningCentreDeps, 'db' | 'timeZone'>,
  userId: number,
): Promise<string> {
  return (await findProfile(deps.db, userId))?.timeZone ?? deps.timeZone;
}

/**
 * Study seconds the tick reported, kept by quarter hour (study.service's saveTimedOrCount). More
 * than a quarter's worth (minutes flushed after being offline) were studied before `at`: they go
 * to the quarters before it.
 */
export async function recordStudySeconds(
  deps: { db: Db },
  userId: number,
  seconds: number,
  at: Date,
): Promise<void> {
  let left = seconds;
  for (let back = 0; left > 0; back += 1) {
    const part = Math.min(left, QUARTER_SECONDS);
    await addQuarterSeconds(
      deps.db,
      userId,
      new Date(at.getTime() - back * QUARTER_SECONDS * 1000),
      part,
    );
    left -= part;
  }
}

export async function learningOverview(
  deps: LearningCentreDeps,
  userId: number,
): Promise<LearningOverview> {
  const timeZone = await learnerTimeZone(deps, userId);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - (LEARNING_CENTRE_CALENDAR_DAYS + 1) * DAY_MS);
  // The trend's weeks plus one: the first week may have begun before the cut.
  const trendSince = new Date(now.getTime() - (7 * (LEARNING_CENTRE_TREND_WEEKS + 1) + 1) * DAY_MS);
  const [dayTypes, dayCounts, typeTotals, studyDays, attemptHours, studyHours, lastItem] =
    await Promise.all([
      attemptsByDayAndType(deps.db, userId, timeZone, OPEN_TYPES, MISTAKE_OPEN_SHARE, trendSince),
      attemptsByDay(deps.db, userId, timeZone),
      attemptsByType(deps.db, userId, OPEN_TYPES, MISTAKE_OPEN_SHARE),
      studySecondsByDay(deps.db, userId, timeZone),
      attemptsByHour(deps.db, userId, timeZone, since),
      studySecondsByHour(deps.db, userId, timeZone, since),
      lastPractisedItem(deps.db, userId),
    ]);
  const overview = buildOverview({
    timeZone,
    today: localDate(now, timeZone),
    dayTypes,
    dayCounts,
    typeTotals,
    studyDays,
    attemptHours,
    studyHours,
  });
  return { ...overview, lastItem: lastItem && toLastPractisedItem(lastItem) };
}

/** Ready mock reports, newest last, with their skill scores and ranges. */
async function mockSkills(deps: LearningCentreDeps, userId: number, limit: number) {
  const records = await listRecords(deps.mock, userId, 1, 50);
  const ready = records.list.filter((record) => record.status === 'ready').slice(0, limit);
  const reports = await Promise.all(
    ready.map((record) => mockReport(deps.mock, userId, record.id)),
  );
  return reports
    .flatMap((report) => {
      if (!report.scores || !report.finishedAt) return [];
      const range = (score: { score: number | null; low: number | null; high: number | null }) => ({
        score: score.score,
        low: score.low,
        high: score.high,
      });
      const { scores } = report;
      return [
        {
          id: report.id,
          finishedAt: report.finishedAt,
          overall: range(scores.overall),
          speaking: range(scores.skills.speaking),
          writing: range(scores.skills.writing),
          reading: range(scores.skills.reading),
          listening: range(scores.skills.listening),
        },
      ];
    })
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

export async function learningSkills(
  deps: LearningCentreDeps,
  userId: number,
): Promise<LearningSkills> {
  const timeZone = await learnerTimeZone(deps, userId);
  const now = deps.clock.now();
  const thisWeek = weekStartOf(localDate(now, timeZone));
  const weekStarts = Array.from({ length: LEARNING_CENTRE_SKILL_WEEKS }, (_, index) =>
    addDays(thisWeek, -7 * (LEARNING_CENTRE_SKILL_WEEKS - 1 - index)),
  );
  // Three weeks more than shown: the first week's estimate looks back four.
  const since = new Date(now.getTime() - (7 * (LEARNING_CENTRE_SKILL_WEEKS + 4) + 1) * DAY_MS);
  const [rows, mocks] = await Promise.all([
    attemptsByWeekAndType(deps.db, userId, timeZone, since),
    mockSkills(deps, userId, MOCKS_SHOWN),
  ]);
  return { timeZone, weeks: skillWeeks(rows, weekStarts), mocks };
}

export async function mistakeBook(
  deps: LearningCentreDeps,
  userId: number,
  query: MistakeBookQuery,
): Promise<MistakeBook> {
  const { open, cleared } = await mistakeItems(
    deps.db,
    userId,
    OPEN_TYPES,
    MISTAKE_OPEN_SHARE,
    MISTAKE_CLEARED_AFTER,
  );
  const counts = new Map<string, number>();
  for (const row of open) counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
  const filtered = query.type ? open.filter((row) => row.type === query.type) : open;
  const page = filtered.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const last = new Map(
    (
      await lastAttempts(
        deps.db,
        userId,
        page.map((row) => row.itemId),
      )
    ).map((row) => [row.itemId, row]),
  );
  return {
    list: page.flatMap((row) => {
      const attempt = last.get(row.itemId);
      return attempt ? [toMistakeEntry(row, attempt)] : [];
    }),
    total: filtered.length,
    page: query.page,
    perPage: query.perPage,
    byType: ITEM_TYPE_CODES.flatMap((type) => {
      const count = counts.get(type);
      return count ? [{ type, count }] : [];
    }),
    cleared,
  };
}

export async function learningProfile(
  deps: Pick<LearningCentreDeps, 'db' | 'timeZone'>,
  userId: number,
): Promise<LearningProfile> {
  return toLearningProfile(await findProfile(deps.db, userId), deps.timeZone);
}

export async function updateLearningProfile(
  deps: LearningCentreDeps,
  userId: number,
  update: LearningProfileUpdate,
): Promise<LearningProfile> {
  const row = await saveProfile(deps.db, userId, toProfileChanges(update), deps.clock.now());
  return toLearningProfile(row, deps.timeZone);
}

/** The instant a local date begins in `timeZone` (DST-aware: the zone's offset at that moment). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const naive = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .reduce<Record<string, number>>(
        (acc, part) => ({ ...acc, [part.type]: Number(part.value) }),
        {},
      );
    const local = Date.UTC(
      parts['year'] ?? 0,
      (parts['month'] ?? 1) - 1,
      parts['day'] ?? 1,
      parts['hour'] ?? 0,
      parts['minute'] ?? 0,
      parts['second'] ?? 0,
    );
    return local - instant;
  };
  const first = naive - offsetAt(naive);
  return new Date(naive - offsetAt(first));
}

export async function studyPlan(deps: LearningCentreDeps, userId: number): Promise<StudyPlan> {
  const profileRow = await findProfile(deps.db, userId);
  const profile = toLearningProfile(profileRow, deps.timeZone);
  const now = deps.clock.now();
  const today = localDate(now, profile.timeZone);
  const since = new Date(now.getTime() - 29 * DAY_MS);
  const [rows, todayRows] = await Promise.all([
    attemptsByWeekAndType(deps.db, userId, profile.timeZone, since),
    attemptsPerTypeSince(deps.db, userId, startOfLocalDay(today, profile.timeZone)),
  ]);
  const recent = new Map<ItemTypeCode, TypeRecent>();
  for (const row of rows) {
    const type = row.type as ItemTypeCode;
    const entry = recent.get(type) ?? { practices: 0, averageScore: null };
    const sum = (entry.averageScore ?? 0) * entry.practices + row.estimateSum;
    const practices = entry.practices + row.count;
    recent.set(type, { practices, averageScore: Math.round(sum / practices) });
  }
  const thisWeek = weekStartOf(today);
  const estimates: SkillEstimates = skillWeeks(rows, [thisWeek])[0]?.skills ?? {
    speaking: null,
    writing: null,
    reading: null,
    listening: null,
  };
  if (SKILLS.some((skill) => estimates[skill] === null)) {
    // A skill without practice lately takes the latest mock's score, if there is one.
    const [latest] = (await mockSkills(deps, userId, 1)).slice(-1);
    if (latest) {
      for (const skill of SKILLS) estimates[skill] ??= latest[skill].score;
    }
  }
  return buildStudyPlan({
    today,
    examDate: profile.examDate,
    dailyMinutes: profile.dailyMinutes,
    targetOverall: profile.targetOverall,
    targets: profile.targets,
    estimates,
    recent,
    doneToday: new Map(todayRows.map((row) => [row.type as ItemTypeCode, row.count])),
  });
}

/** When the quota period after the one `now` is in begins (found by stepping, so DST is right). */
export function nextQuotaReset(now: Date, policy: QuotaPolicy): Date | null {
  if (policy.reset === 'never') return null;
  const current = energyPeriodKey(now, policy.reset, policy.timeZone);
  const hour = 3_600_000;
  let low = Math.floor(now.getTime() / 60_000) * 60_000;
  let high = low + hour;
  while (energyPeriodKey(new Date(high), policy.reset, policy.timeZone) === current) {
    low = high;
    high += hour;
  }
  // Down to the minute: every zone's midnight is on a whole minute.
  while (high - low > 60_000) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / 60_000)) * 60_000;
    if (energyPeriodKey(new Date(middle), policy.reset, policy.timeZone) === current) low = middle;
    else high = middle;
  }
  return new Date(high);
}

export async function quotaInfo(deps: LearningCentreDeps, userId: number): Promise<QuotaInfo> {
  const now = deps.clock.now();
  const user = await findUser(deps, userId);
  const member = !!user && isMember(user, now);
  return {
    isMember: member,
    allowance: deps.quota.allowance,
    remaining: user && !member ? energyLeft(user, deps.quota, now) : null,
    resetRule: deps.quota.reset,
    nextResetAt: nextQuotaReset(now, deps.quota)?.toISOString() ?? null,
    timeZone: deps.quota.timeZone,
  };
}
