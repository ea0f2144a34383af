import { STUDY_MAX_SECONDS_PER_DAY } from '@ninety/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, userItemProgress, userStudyDays } from '../../db/schema';

/**
 * Adds study seconds to the learner's day in one statement, so two ticks arriving together both
 * count; a day never holds more than it has seconds.
 */
export async function addStudySeconds(
  db: Db,
  userId: number,
  day: string,
  seconds: number,
  at: Date,
): Promise<void> {
  await db
    .insert(userStudyDays)
    .values({
      userId,
      day,
      studySeconds: Math.min(seconds, STUDY_MAX_SECONDS_PER_DAY),
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [userStudyDays.userId, userStudyDays.day],
      set: {
        studySeconds: sql`least(${userStudyDays.studySeconds} + excluded.study_seconds, ${STUDY_MAX_SECONDS_PER_DAY}::int)`,
        updatedAt: at,
      },
    });
}

/** Counts one practice the client reported (type 2) on the learner's day. */
export async function addReportedPractice(
  db: Db,
  userId: number,
  day: string,
  at: Date,
): Promise<void> {
  await db
    .insert(userStudyDays)
    .values({ userId, day, practiceCount: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: [userStudyDays.userId, userStudyDays.day],
      set: { practiceCount: sql`${userStudyDays.practiceCount} + 1`, updatedAt: at },
    });
}

export interface ReportedDay {
  day: string;
  studySeconds: number;
  practiceCount: number;
}

/** What the client reported, per day. */
export async function reportedDays(db: Db, userId: number): Promise<ReportedDay[]> {
  return db
    .select({
      // As text: node-postgres would turn a date into a Date at the process's own midnight.
      day: sql<string>`${userStudyDays.day}::text`,
      studySeconds: userStudyDays.studySeconds,
      practiceCount: userStudyDays.practiceCount,
    })
    .from(userStudyDays)
    .where(eq(userStudyDays.userId, userId));
}

/**
 * Scored attempts (POST /api/posts/examed, one row each, stored once per idempotency key) per day
 * in `timeZone`. This reads `attempts` rather than `user_item_progress`, whose counts
 * `recordPractice` keeps per item with only the last time, so they cannot be split into days.
 */
export async function scoredPracticesByDay(
  db: Db,
  userId: number,
  timeZone: string,
): Promise<{ day: string; count: number }[]> {
  return (
    db
      .select({
        day: sql<string>`((${attempts.createdAt} at time zone ${timeZone})::date)::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(attempts)
      .where(eq(attempts.userId, userId))
      // By position: the time zone is a parameter, so the select's expression and a repeated one
      // would be two different expressions to PostgreSQL.
      .groupBy(sql`1`)
  );
}

/** The learner's per-item practice in item order after `afterItemId`, a page at a time. */
export async function itemProgressAfter(
  db: Db,
  userId: number,
  afterItemId: string,
  limit: number,
) {
  return db
    .select({
      itemId: userItemProgress.itemId,
      practiceCount: userItemProgress.practiceCount,
      lastPractisedAt: userItemProgress.lastPractisedAt,
    })
    .from(userItemProgress)
    .where(and(eq(userItemProgress.userId, userId), gt(userItemProgress.itemId, afterItemId)))
    .orderBy(asc(userItemProgress.itemId))
    .limit(limit);
}
