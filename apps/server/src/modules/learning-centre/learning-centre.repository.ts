import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attempts,
  items,
  learningProfiles,
  mockPaperItems,
  userStudyQuarters,
} from '../../db/schema';

/**
 * 学习中心's reads and writes. Days, hours and weeks are worked out by PostgreSQL in the learner's
 * zone (`at time zone`, which follows the zone's daylight-saving rules), so 20,000 attempts come
 * back as a few thousand grouped rows rather than one row each.
 */

const QUARTER_SECONDS = 900;

/**
 * The 10–90 estimate of one answer, as @ninety/scoring's estimateItemScore works it out:
 * Math.round(10 + 80 s / m) is floor((21 m + 160 s) / 2m) for 0 ≤ s ≤ m, m > 0. In integers:
 * the same in numeric took three quarters of a 20,000-attempt aggregate's time (issue 19's bench).
 */
const estimateSql = sql`case when ${attempts.max} > 0 then (21 * ${attempts.max} + 160 * least(greatest(${attempts.score}, 0), ${attempts.max})) / (2 * ${attempts.max}) else 10 end`;

/** A mistake: an open answer under the bar, an objective answer not fully right. */
function wrongSql(openTypes: readonly string[], openShare: number) {
  const list = sql.join(
    openTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`(case when ${attempts.type} in (${list}) then ${attempts.score} < ${attempts.max} * ${openShare}::float8 else ${attempts.score} < ${attempts.max} end)`;
}

export interface DayTypeRow {
  day: string;
  type: string;
  count: number;
  estimateSum: number;
  wrong: number;
  lastAt: Date;
}

/** Scored attempts per local day and type since `since`. */
export async function attemptsByDayAndType(
  db: Db,
  userId: number,
  timeZone: string,
  openTypes: readonly string[],
  openShare: number,
  since: Date,
): Promise<DayTypeRow[]> {
  const rows = await db
    .select({
      day: sql<string>`((${attempts.createdAt} at time zone ${timeZone})::date)::text`,
      type: attempts.type,
      count: sql<number>`count(*)::int`,
      estimateSum: sql<number>`sum(${estimateSql})::int`,
      wrong: sql<number>`count(*) filter (where ${wrongSql(openTypes, openShare)})::int`,
      lastAt: sql<string>`max(${attempts.createdAt})::text`,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gte(attempts.createdAt, since)))
    // By position: the zone is a parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1, 2`);
  return rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt) }));
}

/** Scored attempts per local day, all time (streaks, study days, the calendar). */
export async function attemptsByDay(
  db: Db,
  userId: number,
  timeZone: string,
): Promise<{ day: string; count: number }[]> {
  return db
    .select({
      day: sql<string>`((${attempts.createdAt} at time zone ${timeZone})::date)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .groupBy(sql`1`);
}

export interface TypeTotalsRow {
  type: string;
  count: number;
  estimateSum: number;
  wrong: number;
  lastAt: Date;
}

/** Scored attempts per type, all time: no time zone needed. */
export async function attemptsByType(
  db: Db,
  userId: number,
  openTypes: readonly string[],
  openShare: number,
): Promise<TypeTotalsRow[]> {
  const rows = await db
    .select({
      type: attempts.type,
      count: sql<number>`count(*)::int`,
      estimateSum: sql<number>`sum(${estimateSql})::int`,
      wrong: sql<number>`count(*) filter (where ${wrongSql(openTypes, openShare)})::int`,
      lastAt: sql<string>`max(${attempts.createdAt})::text`,
    })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .groupBy(attempts.type);
  return rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt) }));
}

/** Scored attempts per local hour of the day since `since`. */
export async function attemptsByHour(
  db: Db,
  userId: number,
  timeZone: string,
  since: Date,
): Promise<{ hour: number; count: number }[]> {
  return db
    .select({
      hour: sql<number>`extract(hour from ${attempts.createdAt} at time zone ${timeZone})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gte(attempts.createdAt, since)))
    .groupBy(sql`1`);
}

/** Study seconds per local day, all time. */
export async function studySecondsByDay(
  db: Db,
  userId: number,
  timeZone: string,
): Promise<{ day: string; seconds: number }[]> {
  return db
    .select({
      day: sql<string>`((${userStudyQuarters.quarterStart} at time zone ${timeZone})::date)::text`,
      seconds: sql<number>`sum(${userStudyQuarters.studySeconds})::int`,
    })
    .from(userStudyQuarters)
    .where(eq(userStudyQuarters.userId, userId))
    .groupBy(sql`1`);
}

/** Study seconds per local hour of the day since `since`. */
export async function studySecondsByHour(
  db: Db,
  userId: number,
  timeZone: string,
  since: Date,
): Promise<{ hour: number; seconds: number }[]> {
  return db
    .select({
      hour: sql<number>`extract(hour from ${userStudyQuarters.quarterStart} at time zone ${timeZone})::int`,
      seconds: sql<number>`sum(${userStudyQuarters.studySeconds})::int`,
    })
    .from(userStudyQuarters)
    .where(and(eq(userStudyQuarters.userId, userId), gte(userStudyQuarters.quarterStart, since)))
    .groupBy(sql`1`);
}

/**
 * Adds study seconds to the quarter hour `at` falls in, in one statement so ticks arriving together
 * all count; a quarter never holds more than its 900 seconds.
 */
export async function addQuarterSeconds(
  db: Db,
  userId: number,
  at: Date,
  seconds: number,
): Promise<void> {
  const quarterStart = new Date(
    Math.floor(at.getTime() / (QUARTER_SECONDS * 1000)) * QUARTER_SECONDS * 1000,
  );
  await db
    .insert(userStudyQuarters)
    .values({
      userId,
      quarterStart,
      studySeconds: Math.min(seconds, QUARTER_SECONDS),
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [userStudyQuarters.userId, userStudyQuarters.quarterStart],
      set: {
        studySeconds: sql`least(${userStudyQuarters.studySeconds} + excluded.study_seconds, ${QUARTER_SECONDS}::int)`,
        updatedAt: at,
      },
    });
}

/** Average estimate and count per local week (Monday) and type since `since`. */
export async function attemptsByWeekAndType(
  db: Db,
  userId: number,
  timeZone: string,
  since: Date,
): Promise<{ weekStart: string; type: string; count: number; estimateSum: number }[]> {
  return db
    .select({
      weekStart: sql<string>`(date_trunc('week', ${attempts.createdAt} at time zone ${timeZone})::date)::text`,
      type: attempts.type,
      count: sql<number>`count(*)::int`,
      estimateSum: sql<number>`sum(${estimateSql})::int`,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gte(attempts.createdAt, since)))
    .groupBy(sql`1, 2`);
}

export interface MistakeRow {
  itemId: string;
  type: string;
  number: number;
  title: string;
  wrongCount: number;
  lastWrongAt: Date;
  rightSince: number;
}

/**
 * Items with a wrong answer and fewer than `clearedAfter` right answers since the last wrong one
 * (`open`), and how many items were cleared that way. Right answers after the last wrong one are
 * consecutive by definition, since a wrong one would be the last.
 */
export async function mistakeItems(
  db: Db,
  userId: number,
  openTypes: readonly string[],
  openShare: number,
  clearedAfter: number,
): Promise<{ open: MistakeRow[]; cleared: number }> {
  const wrong = wrongSql(openTypes, openShare);
  // The learner's attempts are read once (the covering user/created index holds every column),
  // then hashed twice: each item's wrong answers, then its right ones after the last wrong. A
  // window in item order read the rows through the item index instead, ~40 % slower at 20,000.
  const result = await db.execute(sql`
    with a as materialized (
      select ${attempts.itemId} as item_id, ${attempts.createdAt} as created_at, ${wrong} as wrong
      from ${attempts} where ${attempts.userId} = ${userId}
    ), e as (
      select item_id, count(*) filter (where wrong)::int as wrong_count,
        max(created_at) filter (where wrong) as last_wrong_at
      from a group by item_id having bool_or(wrong)
    ), r as (
      select a.item_id, count(*)::int as right_since
      from a join e on e.item_id = a.item_id
      where not a.wrong and a.created_at > e.last_wrong_at group by a.item_id
    )
    select e.item_id, ${items.type} as type, ${items.number} as number, ${items.title} as title,
      e.wrong_count, e.last_wrong_at::text as last_wrong_at, coalesce(r.right_since, 0) as right_since
    from e join ${items} on ${items.id} = e.item_id left join r on r.item_id = e.item_id
    order by e.last_wrong_at desc, e.item_id
  `);
  const rows = (
    result as unknown as {
      rows: {
        item_id: string;
        type: string;
        number: number;
        title: string;
        wrong_count: number;
        last_wrong_at: string;
        right_since: number;
      }[];
    }
  ).rows;
  const open: MistakeRow[] = [];
  let cleared = 0;
  for (const row of rows) {
    row.right_since = Number(row.right_since);
    if (row.right_since >= clearedAfter) {
      cleared += 1;
      continue;
    }
    open.push({
      itemId: row.item_id,
      type: row.type,
      number: Number(row.number),
      title: row.title,
      wrongCount: Number(row.wrong_count),
      lastWrongAt: new Date(row.last_wrong_at),
      rightSince: Number(row.right_since),
    });
  }
  return { open, cleared };
}

/**
 * The item of the learner's latest practice, skipping answers given inside a mock exam (those are
 * continued from the mock's own record). Looks at the latest few attempts only: a learner's whole
 * history need not be read to find where they stopped.
 */
export async function lastPractisedItem(db: Db, userId: number) {
  const recent = await db
    .select({
      attemptId: attempts.id,
      itemId: attempts.itemId,
      type: items.type,
      number: items.number,
      title: items.title,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .innerJoin(items, eq(items.id, attempts.itemId))
    .where(eq(attempts.userId, userId))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(50);
  if (recent.length === 0) return null;
  const inMocks = await db
    .select({ attemptId: mockPaperItems.attemptId })
    .from(mockPaperItems)
    .where(
      inArray(
        mockPaperItems.attemptId,
        recent.map((row) => row.attemptId),
      ),
    );
  const mockAttempts = new Set(inMocks.map((row) => row.attemptId));
  return recent.find((row) => !mockAttempts.has(row.attemptId)) ?? null;
}

/** The latest attempt at each of `itemIds`. */
export async function lastAttempts(db: Db, userId: number, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectDistinctOn([attempts.itemId], {
      itemId: attempts.itemId,
      answer: attempts.answer,
      score: attempts.score,
      max: attempts.max,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), inArray(attempts.itemId, [...itemIds])))
    .orderBy(attempts.itemId, sql`${attempts.createdAt} desc`);
}

/** Scored attempts per type since `since` (today's progress of the plan). */
export async function attemptsPerTypeSince(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ type: string; count: number }[]> {
  return db
    .select({ type: attempts.type, count: sql<number>`count(*)::int` })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gte(attempts.createdAt, since)))
    .groupBy(attempts.type);
}

export type LearningProfileRow = typeof learningProfiles.$inferSelect;

export async function findProfile(db: Db, userId: number): Promise<LearningProfileRow | null> {
  const [row] = await db.select().from(learningProfiles).where(eq(learningProfiles.userId, userId));
  return row ?? null;
}

export type ProfileChanges = Partial<Omit<LearningProfileRow, 'userId' | 'updatedAt'>>;

/** Saves the given fields only, creating the row on the first save. */
export async function saveProfile(
  db: Db,
  userId: number,
  changes: ProfileChanges,
  at: Date,
): Promise<LearningProfileRow> {
  const [row] = await db
    .insert(learningProfiles)
    .values({ userId, ...changes, updatedAt: at })
    .onConflictDoUpdate({ target: learningProfiles.userId, set: { ...changes, updatedAt: at } })
    .returning();
  if (!row) throw new Error('learning profile upsert returned nothing');
  return row;
}
