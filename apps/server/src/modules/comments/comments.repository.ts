import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, itemComments, items, users } from '../../db/schema';

export type CommentInsert = typeof itemComments.$inferInsert;

export async function findAttempt(db: Db, id: number) {
  const [row] = await db
    .select({
      id: attempts.id,
      userId: attempts.userId,
      itemId: attempts.itemId,
      type: attempts.type,
      score: attempts.score,
      max: attempts.max,
    })
    .from(attempts)
    .where(eq(attempts.id, id));
  return row ?? null;
}

/**
 * Shares the attempt, or (it is shared already) replaces the comment and source: one row per
 * attempt, kept where it was in the "newest" order, even when both requests arrive together.
 */
export async function upsertComment(db: Db, row: CommentInsert, now: Date): Promise<number> {
  const [saved] = await db
    .insert(itemComments)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: itemComments.attemptId,
      set: { content: row.content, source: row.source, updatedAt: now },
    })
    .returning({ id: itemComments.id });
  if (!saved) throw new Error('upsert returned no row');
  return saved.id;
}

/** What a shared answer shows: the comment, its author's display fields and the attempt. */
const sharedColumns = {
  id: itemComments.id,
  userId: itemComments.userId,
  itemId: itemComments.itemId,
  content: itemComments.content,
  score: itemComments.score,
  max: itemComments.max,
  createdAt: itemComments.createdAt,
  nickname: users.nickname,
  phone: users.phone,
  answer: attempts.answer,
};

function sharedQuery(db: Db) {
  return db
    .select(sharedColumns)
    .from(itemComments)
    .innerJoin(users, eq(users.id, itemComments.userId))
    .innerJoin(attempts, eq(attempts.id, itemComments.attemptId));
}

export type SharedRow = Awaited<ReturnType<typeof sharedQuery>>[number];

/** Best first: the share of the marks (max may differ across scoring versions), then newest. */
const bestOrder = [
  sql`${itemComments.score}::float8 / nullif(${itemComments.max}, 0) desc nulls last`,
  desc(itemComments.score),
  desc(itemComments.createdAt),
  desc(itemComments.id),
];
const newOrder = [desc(itemComments.createdAt), desc(itemComments.id)];

export async function listComments(
  db: Db,
  itemId: string,
  sort: 'new' | 'best',
  limit: number,
  offset: number,
): Promise<{ rows: SharedRow[]; total: number }> {
  const rows = await sharedQuery(db)
    .where(eq(itemComments.itemId, itemId))
    .orderBy(...(sort === 'best' ? bestOrder : newOrder))
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ total: count() })
    .from(itemComments)
    .where(eq(itemComments.itemId, itemId));
  return { rows, total: counted?.total ?? 0 };
}

export async function findComment(db: Db, id: number) {
  const [row] = await db
    .select({
      ...sharedColumns,
      itemType: items.type,
      itemNumber: items.number,
      itemTitle: items.title,
      itemContent: items.content,
    })
    .from(itemComments)
    .innerJoin(users, eq(users.id, itemComments.userId))
    .innerJoin(attempts, eq(attempts.id, itemComments.attemptId))
    .innerJoin(items, eq(items.id, itemComments.itemId))
    .where(eq(itemComments.id, id));
  return row ?? null;
}

/** Deletes the share if it is the user's; false when there was none of theirs. */
export async function deleteComment(db: Db, id: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(itemComments)
    .where(and(eq(itemComments.id, id), eq(itemComments.userId, userId)))
    .returning({ id: itemComments.id });
  return deleted.length > 0;
}

/** The learner's own shares in id order after `afterId`, a page at a time (the data export). */
export async function commentsAfter(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .select({
      id: itemComments.id,
      itemId: itemComments.itemId,
      attemptId: itemComments.attemptId,
      content: itemComments.content,
      createdAt: itemComments.createdAt,
      updatedAt: itemComments.updatedAt,
    })
    .from(itemComments)
    .where(and(eq(itemComments.userId, userId), gt(itemComments.id, afterId)))
    .orderBy(asc(itemComments.id))
    .limit(limit);
}
