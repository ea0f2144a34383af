/**
 * The learner's attempts read for their data export and their account deletion (modules/account):
 * whole lists a page at a time, and the stored recording paths. Kept apart from the scoring path.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, scoringSlots } from '../../db/schema';

type AttemptRow = typeof attempts.$inferSelect;

/** `answer.recording.url` of a spoken attempt: the recording's stored path. */
const recordingUrl = sql<string>`${attempts.answer} -> 'recording' ->> 'url'`;

/** The learner's attempts in id order after `afterId`, a page at a time (the data export). */
export async function attemptsAfter(
  db: Db,
  userId: number,
  afterId: number,
  limit: number,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gt(attempts.id, afterId)))
    .orderBy(asc(attempts.id))
    .limit(limit);
}

/** The stored paths of the learner's recordings (`answer.recording.url` of spoken attempts). */
export async function recordingUrlsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ url: recordingUrl })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), isNotNull(recordingUrl)));
  return rows.map((row) => row.url);
}

/** The learner's spoken attempts (id, item, stored recording) after `afterId`, a page at a time. */
export async function recordingsAfter(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .select({
      id: attempts.id,
      itemId: attempts.itemId,
      url: recordingUrl,
      durationSeconds: sql<
        number | null
      >`(${attempts.answer} -> 'recording' ->> 'durationSeconds')::float8`,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), gt(attempts.id, afterId), isNotNull(recordingUrl)))
    .orderBy(asc(attempts.id))
    .limit(limit);
}

/** Drops the learner's places in the scoring queue (no foreign key: they would only expire). */
export async function deleteScoringSlotsOf(db: Db, userId: number): Promise<void> {
  await db.delete(scoringSlots).where(eq(scoringSlots.userId, userId));
}
