import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, items, userItemProgress } from '../../db/schema';

export type AttemptRow = typeof attempts.$inferSelect;
export type AttemptInsert = typeof attempts.$inferInsert;

/** Inserts the attempt unless the user already sent this idempotency key; null then. */
export async function insertAttempt(db: Db, row: AttemptInsert): Promise<AttemptRow | null> {
  const [inserted] = await db
    .insert(attempts)
    .values(row)
    .onConflictDoNothing({ target: [attempts.userId, attempts.idempotencyKey] })
    .returning();
  return inserted ?? null;
}

export async function findAttemptByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The learner's attempt `id` (a scoring job's result), or null. */
export async function findAttemptById(
  db: Db,
  userId: number,
  id: number,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.id, id)));
  return row ?? null;
}

/** Counts one practice of the item: the learner's own progress and the item's public count. */
export async function recordPractice(db: Db, userId: number, itemId: string, at: Date) {
  await db
    .insert(userItemProgress)
    .values({ userId, itemId, practiceCount: 1, lastPractisedAt: at })
    .onConflictDoUpdate({
      target: [userItemProgress.userId, userItemProgress.itemId],
      set: {
        practiceCount: sql`${userItemProgress.practiceCount} + 1`,
        lastPractisedAt: at,
      },
    });
  await db
    .update(items)
    .set({ practiceCount: sql`${items.practiceCount} + 1` })
    .where(eq(items.id, itemId));
}

export async function listAttempts(
  db: Db,
  userId: number,
  itemId: string,
  limit: number,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.itemId, itemId)))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(limit);
}
