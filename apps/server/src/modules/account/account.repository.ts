import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingObjectDeletions } from '../../db/schema';

export type PendingDeletionRow = typeof pendingObjectDeletions.$inferSelect;
export type PendingDeletionInsert = Pick<
  typeof pendingObjectDeletions.$inferInsert,
  'objectKey' | 'isPrefix' | 'notBefore'
>;

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** Records object deletions to do; `db` is the account deletion's transaction. */
export async function insertPendingDeletions(
  db: Db,
  rows: PendingDeletionInsert[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await db
      .insert(pendingObjectDeletions)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .returning({ id: pendingObjectDeletions.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Ids from `from` to `to`: the rows one account deletion recorded for at once. */
export interface IdRange {
  from: number;
  to: number;
}

const inRange = (range: IdRange | undefined) =>
  range
    ? and(gte(pendingObjectDeletions.id, range.from), lte(pendingObjectDeletions.id, range.to))
    : undefined;

/** Deletions due at `now`, oldest first; only within `range` when given. */
export async function duePendingDeletions(
  db: Db,
  now: Date,
  limit: number,
  range?: IdRange,
): Promise<PendingDeletionRow[]> {
  return db
    .select()
    .from(pendingObjectDeletions)
    .where(and(lte(pendingObjectDeletions.notBefore, now), inRange(range)))
    .orderBy(asc(pendingObjectDeletions.id))
    .limit(limit);
}

/** Deletions still recorded within `range`. */
export async function countPendingInRange(db: Db, range: IdRange): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pendingObjectDeletions)
    .where(inRange(range));
  return row?.total ?? 0;
}

export async function deletePendingDeletion(db: Db, id: number): Promise<void> {
  await db.delete(pendingObjectDeletions).where(eq(pendingObjectDeletions.id, id));
}

/** A removal that failed: tried again at `retryAt`, with the reason kept for the operator. */
export async function postponePendingDeletion(
  db: Db,
  id: number,
  retryAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(pendingObjectDeletions)
    .set({
      tries: sql`${pendingObjectDeletions.tries} + 1`,
      notBefore: retryAt,
      lastError: error.slice(0, 500),
    })
    .where(eq(pendingObjectDeletions.id, id));
}

export async function countPendingDeletions(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(pendingObjectDeletions);
  return row?.total ?? 0;
}
