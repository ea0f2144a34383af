import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  listeningCards,
  listeningProgress,
  listeningSentenceScores,
} from '../../db/schema/listening';

export type ProgressRow = typeof listeningProgress.$inferSelect;
export type SentenceScoreRow = typeof listeningSentenceScores.$inferSelect;
export type CardRow = typeof listeningCards.$inferSelect;
export type CardFields = Omit<
  CardRow,
  'id' | 'userId' | 'kind' | 'mode' | 'materialId' | 'sentenceIndex' | 'word' | 'createdAt'
>;

export async function findProgress(db: Db, userId: number, materialId: string) {
  const [row] = await db
    .select()
    .from(listeningProgress)
    .where(and(eq(listeningProgress.userId, userId), eq(listeningProgress.materialId, materialId)));
  return row ?? null;
}

/** Every material the learner has opened progress on (a few hundred at most). */
export async function listProgress(db: Db, userId: number) {
  return db.select().from(listeningProgress).where(eq(listeningProgress.userId, userId));
}

export async function upsertProgress(
  db: Db,
  row: { userId: number; materialId: string; position: number; mode: string; updatedAt: Date },
) {
  const [saved] = await db
    .insert(listeningProgress)
    .values(row)
    .onConflictDoUpdate({
      target: [listeningProgress.userId, listeningProgress.materialId],
      set: { position: row.position, mode: row.mode, updatedAt: row.updatedAt },
    })
    .returning();
  return saved!;
}

export async function sentenceScoresOf(db: Db, userId: number, materialId: string) {
  return db
    .select()
    .from(listeningSentenceScores)
    .where(
      and(
        eq(listeningSentenceScores.userId, userId),
        eq(listeningSentenceScores.materialId, materialId),
      ),
    )
    .orderBy(asc(listeningSentenceScores.sentenceIndex));
}

/** Sentences tried (in any mode) per material, for the list's progress. */
export async function triedSentenceCounts(db: Db, userId: number) {
  return db
    .select({
      materialId: listeningSentenceScores.materialId,
      tried: sql<number>`count(distinct ${listeningSentenceScores.sentenceIndex})::int`,
    })
    .from(listeningSentenceScores)
    .where(eq(listeningSentenceScores.userId, userId))
    .groupBy(listeningSentenceScores.materialId);
}

export async function upsertSentenceScore(db: Db, row: SentenceScoreRow) {
  await db
    .insert(listeningSentenceScores)
    .values(row)
    .onConflictDoUpdate({
      target: [
        listeningSentenceScores.userId,
        listeningSentenceScores.materialId,
        listeningSentenceScores.sentenceIndex,
        listeningSentenceScores.mode,
      ],
      set: { score: row.score, max: row.max, at: row.at },
    });
}

/** Adds a card unless the same one is in the deck already (then the deck keeps its schedule). */
export async function insertCardIfNew(db: Db, row: Omit<CardRow, 'id'>) {
  await db.insert(listeningCards).values(row).onConflictDoNothing();
}

export async function findCard(db: Db, userId: number, cardId: number) {
  const [row] = await db
    .select()
    .from(listeningCards)
    .where(and(eq(listeningCards.userId, userId), eq(listeningCards.id, cardId)));
  return row ?? null;
}

export async function updateCard(db: Db, userId: number, cardId: number, fields: CardFields) {
  const [row] = await db
    .update(listeningCards)
    .set(fields)
    .where(and(eq(listeningCards.userId, userId), eq(listeningCards.id, cardId)))
    .returning();
  return row ?? null;
}

export async function deleteCard(db: Db, userId: number, cardId: number) {
  const rows = await db
    .delete(listeningCards)
    .where(and(eq(listeningCards.userId, userId), eq(listeningCards.id, cardId)))
    .returning({ id: listeningCards.id });
  return rows.length > 0;
}

/** Cards due at `now`, earliest first. */
export async function dueCards(db: Db, userId: number, now: Date, limit: number) {
  return db
    .select()
    .from(listeningCards)
    .where(and(eq(listeningCards.userId, userId), lte(listeningCards.due, now)))
    .orderBy(asc(listeningCards.due), asc(listeningCards.id))
    .limit(limit);
}

export async function cardCounts(db: Db, userId: number, now: Date, endOfDay: Date) {
  const [row] = await db
    .select({
      dueNow: sql<number>`count(*) filter (where ${listeningCards.due} <= ${now})::int`,
      dueToday: sql<number>`count(*) filter (where ${listeningCards.due} < ${endOfDay})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(listeningCards)
    .where(eq(listeningCards.userId, userId));
  const [next] = await db
    .select({ due: listeningCards.due })
    .from(listeningCards)
    .where(and(eq(listeningCards.userId, userId), gt(listeningCards.due, now)))
    .orderBy(asc(listeningCards.due))
    .limit(1);
  return {
    dueNow: row?.dueNow ?? 0,
    dueToday: row?.dueToday ?? 0,
    total: row?.total ?? 0,
    nextDue: next?.due ?? null,
  };
}

export async function listCards(db: Db, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(listeningCards)
    .where(eq(listeningCards.userId, userId))
    .orderBy(asc(listeningCards.due), asc(listeningCards.id))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(listeningCards)
    .where(eq(listeningCards.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}

/** The learner's last score of every sentence (bounded by the catalogue: the account export). */
export async function allSentenceScoresOf(db: Db, userId: number) {
  return db
    .select()
    .from(listeningSentenceScores)
    .where(eq(listeningSentenceScores.userId, userId))
    .orderBy(
      asc(listeningSentenceScores.materialId),
      asc(listeningSentenceScores.sentenceIndex),
      asc(listeningSentenceScores.mode),
    );
}

/** The learner's whole deck (bounded by the catalogue: the account export). */
export async function allCardsOf(db: Db, userId: number) {
  return db
    .select()
    .from(listeningCards)
    .where(eq(listeningCards.userId, userId))
    .orderBy(asc(listeningCards.id));
}
