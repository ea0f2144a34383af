/**
 * What the account module reads of a learner's mock exams for their data export: each paper with
 * its status, report and items (draft, answer as submitted, score). Recordings are in the
 * export's attempts and recordings lists, as mock answers are stored as attempts.
 */
import type { Db } from '../../db/client';
import { itemsOfPapers, papersAfter } from './mock-export.repository';

type Paper = Awaited<ReturnType<typeof papersAfter>>[number];
type PaperItem = Awaited<ReturnType<typeof itemsOfPapers>>[number];

/** One page of the learner's papers after `afterId` (0 first), each with its items. */
export async function mockPapersPage(
  deps: { db: Db },
  userId: number,
  afterId: number,
  limit: number,
): Promise<{ list: (Paper & { items: PaperItem[] })[]; lastId: number | null }> {
  const papers = await papersAfter(deps.db, userId, afterId, limit);
  const items = await itemsOfPapers(
    deps.db,
    papers.map((paper) => paper.id),
  );
  const byPaper = new Map<number, PaperItem[]>();
  for (const item of items) {
    const list = byPaper.get(item.paperId) ?? [];
    list.push(item);
    byPaper.set(item.paperId, list);
  }
  return {
    list: papers.map((paper) => ({ ...paper, items: byPaper.get(paper.id) ?? [] })),
    lastId: papers.at(-1)?.id ?? null,
  };
}
