import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseProgress } from '../../db/schema/courses';

export type CourseProgressRow = typeof courseProgress.$inferSelect;

/** Every lesson the learner has progress on (a few dozen at most). */
export async function listProgress(db: Db, userId: number): Promise<CourseProgressRow[]> {
  return db.select().from(courseProgress).where(eq(courseProgress.userId, userId));
}

export async function findProgress(
  db: Db,
  userId: number,
  lessonId: string,
): Promise<CourseProgressRow | null> {
  const [row] = await db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.lessonId, lessonId)));
  return row ?? null;
}

/**
 * Saves the position; `done` only ever turns on (a rewatch of a learnt lesson keeps it learnt),
 * in one statement, so two devices saving at once leave one whole row.
 */
export async function saveProgress(
  db: Db,
  row: { userId: number; lessonId: string; positionSeconds: number; done: boolean; at: Date },
): Promise<CourseProgressRow> {
  const [saved] = await db
    .insert(courseProgress)
    .values({
      userId: row.userId,
      lessonId: row.lessonId,
      positionSeconds: row.positionSeconds,
      done: row.done,
      doneAt: row.done ? row.at : null,
      updatedAt: row.at,
    })
    .onConflictDoUpdate({
      target: [courseProgress.userId, courseProgress.lessonId],
      set: {
        positionSeconds: row.positionSeconds,
        done: sql`${courseProgress.done} or ${row.done}`,
        doneAt: sql`coalesce(${courseProgress.doneAt}, ${row.done ? row.at : null}::timestamptz)`,
        updatedAt: row.at,
      },
    })
    .returning();
  return saved!;
}
