import { and, desc, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userWords } from '../../db/schema';

/** Saving a word twice keeps the first save (and its date): adding is idempotent. */
export async function insertWord(db: Db, userId: number, word: string) {
  await db.insert(userWords).values({ userId, word }).onConflictDoNothing();
}

export async function deleteWords(db: Db, userId: number, words: string[]) {
  await db
    .delete(userWords)
    .where(and(eq(userWords.userId, userId), inArray(userWords.word, words)));
}

export async function hasWord(db: Db, userId: number, word: string): Promise<boolean> {
  const rows = await db
    .select({ word: userWords.word })
    .from(userWords)
    .where(and(eq(userWords.userId, userId), eq(userWords.word, word)))
    .limit(1);
  return rows.length > 0;
}

export type WordRow = typeof userWords.$inferSelect;

/** Newest first; words saved in the same instant in alphabetical order. */
export async function listWords(db: Db, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .select()
    .from(userWords)
    .where(eq(userWords.userId, userId))
    .orderBy(desc(userWords.createdAt), asc(userWords.word))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(userWords)
    .where(eq(userWords.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}

/** The learner's words in alphabetical order after `afterWord`, a page at a time (the data export). */
export async function wordsAfter(db: Db, userId: number, afterWord: string, limit: number) {
  return db
    .select({ word: userWords.word, createdAt: userWords.createdAt })
    .from(userWords)
    .where(and(eq(userWords.userId, userId), gt(userWords.word, afterWord)))
    .orderBy(asc(userWords.word))
    .limit(limit);
}
