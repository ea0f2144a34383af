import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadSessions } from '../../db/schema';

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type NewUploadSession = typeof uploadSessions.$inferInsert;

/** The learner's unfinished session of this file, if any. */
export async function findOpenByFingerprint(
  db: Db,
  userId: number,
  fingerprint: string,
): Promise<UploadSessionRow | null> {
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(
      and(
        eq(uploadSessions.userId, userId),
        eq(uploadSessions.fingerprint, fingerprint),
        eq(uploadSessions.status, 'uploading'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The learner's own session; another learner's id finds nothing. */
export async function findOwnSession(
  db: Db,
  userId: number,
  id: string,
): Promise<UploadSessionRow | null> {
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts the session unless the learner already has an unfinished one of the same file (two
 * tabs starting together): then null, and the caller uses that one.
 */
export async function insertSession(
  db: Db,
  values: NewUploadSession,
): Promise<UploadSessionRow | null> {
  const [row] = await db.insert(uploadSessions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.update(uploadSessions).set({ updatedAt: now }).where(eq(uploadSessions.id, id));
}

/** Moves an unfinished session to `completed` or `aborted`; false if it was no longer open. */
export async function closeSession(
  db: Db,
  id: string,
  status: 'completed' | 'aborted',
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(uploadSessions)
    .set({ status, updatedAt: now, ...(status === 'completed' ? { completedAt: now } : {}) })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.status, 'uploading')))
    .returning({ id: uploadSessions.id });
  return rows.length > 0;
}

/** Unfinished sessions idle since before `before`, oldest first. */
export async function findIdleOpenSessions(
  db: Db,
  before: Date,
  limit: number,
): Promise<UploadSessionRow[]> {
  return db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.status, 'uploading'), lt(uploadSessions.updatedAt, before)))
    .orderBy(asc(uploadSessions.updatedAt))
    .limit(limit);
}

/** A learner's unfinished sessions (an account deletion aborts them on the store first). */
export async function findOpenSessionsOfUser(db: Db, userId: number): Promise<UploadSessionRow[]> {
  return db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.userId, userId), eq(uploadSessions.status, 'uploading')));
}

/** The learner's finished upload stored at `objectKey`, if there is one. */
export async function findCompletedByKey(
  db: Db,
  userId: number,
  objectKey: string,
): Promise<UploadSessionRow | null> {
  const [row] = await db
    .select()
    .from(uploadSessions)
    .where(
      and(
        eq(uploadSessions.userId, userId),
        eq(uploadSessions.objectKey, objectKey),
        eq(uploadSessions.status, 'completed'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Finished (completed or aborted) sessions of `purpose` last touched before `before`, oldest
 * first: what a purpose's clean-up removes once nothing can use them any more.
 */
export async function findFinishedSessionsBefore(
  db: Db,
  purpose: string,
  before: Date,
  limit: number,
): Promise<UploadSessionRow[]> {
  return db
    .select()
    .from(uploadSessions)
    .where(
      and(
        inArray(uploadSessions.status, ['completed', 'aborted']),
        eq(uploadSessions.purpose, purpose),
        lt(uploadSessions.updatedAt, before),
      ),
    )
    .orderBy(asc(uploadSessions.updatedAt))
    .limit(limit);
}

/** Deletes a finished session's row; false when another run deleted it first. */
export async function deleteFinishedSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(uploadSessions)
    .where(and(eq(uploadSessions.id, id), inArray(uploadSessions.status, ['completed', 'aborted'])))
    .returning({ id: uploadSessions.id });
  return rows.length > 0;
}
