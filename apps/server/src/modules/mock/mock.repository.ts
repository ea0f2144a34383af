import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, mockPaperItems, mockPapers } from '../../db/schema';

export type MockPaperRow = typeof mockPapers.$inferSelect;
export type NewMockPaper = typeof mockPapers.$inferInsert;
export type MockItemRow = typeof mockPaperItems.$inferSelect;
export type NewMockItem = typeof mockPaperItems.$inferInsert;

/** Every bank item as paper assembly needs it: id, type and the content it reads lengths from. */
export async function findBankContent(
  db: Db,
): Promise<{ id: string; type: string; content: unknown }[]> {
  return db.select({ id: items.id, type: items.type, content: items.content }).from(items);
}

/** Items of the learner's earlier mocks (any status) and when each paper was started. */
export async function findMetItems(
  db: Db,
  userId: number,
): Promise<{ itemId: string; metAt: Date }[]> {
  return db
    .select({ itemId: mockPaperItems.itemId, metAt: mockPapers.createdAt })
    .from(mockPaperItems)
    .innerJoin(mockPapers, eq(mockPapers.id, mockPaperItems.paperId))
    .where(eq(mockPapers.userId, userId));
}

/** The operator papers the learner has already been given. */
export async function findUsedOperatorPapers(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string | null>`${mockPapers.paper}->>'operatorPaperId'` })
    .from(mockPapers)
    .where(eq(mockPapers.userId, userId));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

export async function insertPaper(
  db: Db,
  paper: NewMockPaper,
  paperItems: Omit<NewMockItem, 'paperId'>[],
): Promise<MockPaperRow> {
  const [row] = await db.insert(mockPapers).values(paper).returning();
  if (!row) throw new Error('mock paper not inserted');
  if (paperItems.length > 0) {
    await db
      .insert(mockPaperItems)
      .values(paperItems.map((item) => ({ ...item, paperId: row.id })));
  }
  return row;
}

export async function findPaperByPublicId(db: Db, publicId: string): Promise<MockPaperRow | null> {
  const [row] = await db
    .select()
    .from(mockPapers)
    .where(eq(mockPapers.publicId, publicId))
    .limit(1);
  return row ?? null;
}

export async function findPaperItems(db: Db, paperId: number): Promise<MockItemRow[]> {
  return db
    .select()
    .from(mockPaperItems)
    .where(eq(mockPaperItems.paperId, paperId))
    .orderBy(asc(mockPaperItems.itemIndex));
}

export async function findPaperItem(
  db: Db,
  paperId: number,
  index: number,
): Promise<MockItemRow | null> {
  const [row] = await db
    .select()
    .from(mockPaperItems)
    .where(and(eq(mockPaperItems.paperId, paperId), eq(mockPaperItems.itemIndex, index)))
    .limit(1);
  return row ?? null;
}

export async function updatePaper(
  db: Db,
  id: number,
  fields: Partial<NewMockPaper>,
): Promise<MockPaperRow | null> {
  const [row] = await db.update(mockPapers).set(fields).where(eq(mockPapers.id, id)).returning();
  return row ?? null;
}

/**
 * Moves the paper from item `from` to the next one, only if it is still on `from` (two requests
 * ending the same item move it once); null when another request moved it first.
 */
export async function advancePaper(
  db: Db,
  id: number,
  from: number,
  fields: Partial<NewMockPaper>,
): Promise<MockPaperRow | null> {
  const [row] = await db
    .update(mockPapers)
    .set({ ...fields, currentIndex: from + 1, currentShownAt: null })
    .where(
      and(
        eq(mockPapers.id, id),
        eq(mockPapers.currentIndex, from),
        eq(mockPapers.status, 'in_progress'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks the item submitted, only if it was not: null when it already was (nothing stored twice). */
export async function claimItem(
  db: Db,
  paperId: number,
  index: number,
  fields: Partial<NewMockItem>,
): Promise<MockItemRow | null> {
  const [row] = await db
    .update(mockPaperItems)
    .set(fields)
    .where(
      and(
        eq(mockPaperItems.paperId, paperId),
        eq(mockPaperItems.itemIndex, index),
        isNull(mockPaperItems.submittedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateItem(
  db: Db,
  paperId: number,
  index: number,
  fields: Partial<NewMockItem>,
): Promise<void> {
  await db
    .update(mockPaperItems)
    .set(fields)
    .where(and(eq(mockPaperItems.paperId, paperId), eq(mockPaperItems.itemIndex, index)));
}

/** Stores the draft of an item not yet submitted; false once it is. */
export async function saveDraft(
  db: Db,
  paperId: number,
  index: number,
  draft: unknown,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(mockPaperItems)
    .set({ draft, draftSavedAt: at })
    .where(
      and(
        eq(mockPaperItems.paperId, paperId),
        eq(mockPaperItems.itemIndex, index),
        isNull(mockPaperItems.submittedAt),
      ),
    )
    .returning({ index: mockPaperItems.itemIndex });
  return rows.length > 0;
}

/** The learner's papers, newest first, discarded ones left out. */
export async function listPapers(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: MockPaperRow[]; total: number }> {
  const where = and(eq(mockPapers.userId, userId), ne(mockPapers.status, 'discarded'));
  const rows = await db
    .select()
    .from(mockPapers)
    .where(where)
    .orderBy(desc(mockPapers.createdAt), desc(mockPapers.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(mockPapers).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Submitted items per paper, and those whose scoring has ended. */
export async function countItems(
  db: Db,
  paperIds: number[],
): Promise<Map<number, { submitted: number; done: number; total: number }>> {
  const out = new Map<number, { submitted: number; done: number; total: number }>();
  if (paperIds.length === 0) return out;
  const rows = await db
    .select({
      paperId: mockPaperItems.paperId,
      total: count(),
      submitted: sql<number>`count(${mockPaperItems.submittedAt})::int`,
      done: sql<number>`count(*) filter (where ${mockPaperItems.scoring} in ('scored', 'unscored', 'unanswered'))::int`,
    })
    .from(mockPaperItems)
    .where(inArray(mockPaperItems.paperId, paperIds))
    .groupBy(mockPaperItems.paperId);
  for (const row of rows) {
    out.set(row.paperId, {
      total: Number(row.total),
      submitted: Number(row.submitted),
      done: Number(row.done),
    });
  }
  return out;
}

/** The learner's ready papers finished before `before`, newest first. */
export async function findEarlierReady(
  db: Db,
  userId: number,
  before: Date,
  excludeId: number,
  limit: number,
): Promise<MockPaperRow[]> {
  return db
    .select()
    .from(mockPapers)
    .where(
      and(
        eq(mockPapers.userId, userId),
        eq(mockPapers.status, 'ready'),
        lt(mockPapers.finishedAt, before),
        ne(mockPapers.id, excludeId),
      ),
    )
    .orderBy(desc(mockPapers.finishedAt))
    .limit(limit);
}

/** Papers in a status, oldest first (the periodic work's batch). */
export async function findPapersInStatus(
  db: Db,
  status: string,
  limit: number,
): Promise<MockPaperRow[]> {
  return db
    .select()
    .from(mockPapers)
    .where(eq(mockPapers.status, status))
    .orderBy(asc(mockPapers.createdAt))
    .limit(limit);
}

/** Discards papers still in progress that were started before `startedBefore`. */
export async function discardStartedBefore(
  db: Db,
  startedBefore: Date,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(mockPapers)
    .set({ status: 'discarded', discardedAt: now })
    .where(and(eq(mockPapers.status, 'in_progress'), lt(mockPapers.createdAt, startedBefore)))
    .returning({ id: mockPapers.id });
  return rows.length;
}
