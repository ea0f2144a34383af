/**
 * A learner's mock exams read for their data export (modules/account): the papers a page at a
 * time, and the items of those papers. Kept apart from the exam's own flow.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mockPaperItems, mockPapers } from '../../db/schema';

/** The learner's papers in id order after `afterId`. */
export async function papersAfter(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .select({
      id: mockPapers.id,
      publicId: mockPapers.publicId,
      blueprintId: mockPapers.blueprintId,
      status: mockPapers.status,
      createdAt: mockPapers.createdAt,
      finishedAt: mockPapers.finishedAt,
      readyAt: mockPapers.readyAt,
      discardedAt: mockPapers.discardedAt,
      report: mockPapers.report,
    })
    .from(mockPapers)
    .where(and(eq(mockPapers.userId, userId), gt(mockPapers.id, afterId)))
    .orderBy(asc(mockPapers.id))
    .limit(limit);
}

/** The items of these papers, in paper and item order. */
export async function itemsOfPapers(db: Db, paperIds: number[]) {
  if (paperIds.length === 0) return [];
  return db
    .select({
      paperId: mockPaperItems.paperId,
      itemIndex: mockPaperItems.itemIndex,
      itemId: mockPaperItems.itemId,
      type: mockPaperItems.type,
      draft: mockPaperItems.draft,
      submittedAt: mockPaperItems.submittedAt,
      answer: mockPaperItems.answer,
      scoring: mockPaperItems.scoring,
      attemptId: mockPaperItems.attemptId,
      score: mockPaperItems.score,
      max: mockPaperItems.max,
      timeSpentSeconds: mockPaperItems.timeSpentSeconds,
    })
    .from(mockPaperItems)
    .where(inArray(mockPaperItems.paperId, paperIds))
    .orderBy(asc(mockPaperItems.paperId), asc(mockPaperItems.itemIndex));
}
