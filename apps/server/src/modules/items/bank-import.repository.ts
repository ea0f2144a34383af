import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemHighFrequencyWeeks, items } from '../../db/schema';

export type ItemInsert = typeof items.$inferInsert;

export interface BankRow {
  item: Omit<ItemInsert, 'practiceCount' | 'importedAt' | 'searchVector' | 'titleVector'>;
  weeks: string[];
}

export interface UpsertOutcome {
  inserted: string[];
  updated: string[];
}

const CHUNK = 100;

/**
 * Upserts the bank in one transaction: new ids are inserted, changed files (another source hash)
 * update their row and weekly lists, unchanged files touch nothing. Practice counts are never
 * overwritten: they belong to the learners, not to the files.
 */
export async function upsertBankRows(db: Db, rows: readonly BankRow[]): Promise<UpsertOutcome> {
  return db.transaction(async (tx) => {
    const inserted: string[] = [];
    const updated: string[] = [];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const written = await tx
        .insert(items)
        .values(chunk.map((row) => row.item))
        .onConflictDoUpdate({
          target: items.id,
          set: {
            type: sql`excluded.type`,
            number: sql`excluded.number`,
            title: sql`excluded.title`,
            difficulty: sql`excluded.difficulty`,
            topics: sql`excluded.topics`,
            content: sql`excluded.content`,
            answerKey: sql`excluded.answer_key`,
            explanationZh: sql`excluded.explanation_zh`,
            updatedOn: sql`excluded.updated_on`,
            isFull: sql`excluded.is_full`,
            searchText: sql`excluded.search_text`,
            sourceHash: sql`excluded.source_hash`,
            importedAt: sql`now()`,
          },
          setWhere: sql`${items.sourceHash} <> excluded.source_hash`,
        })
        // xmax is 0 for a freshly inserted row version and non-zero for an updated one.
        .returning({ id: items.id, isInsert: sql<boolean>`(xmax = 0)` });
      for (const row of written) (row.isInsert ? inserted : updated).push(row.id);
    }

    const changed = new Set([...inserted, ...updated]);
    const changedRows = rows.filter((row) => changed.has(row.item.id));
    for (let start = 0; start < changedRows.length; start += CHUNK) {
      const chunk = changedRows.slice(start, start + CHUNK);
      await tx.delete(itemHighFrequencyWeeks).where(
        inArray(
          itemHighFrequencyWeeks.itemId,
          chunk.map((row) => row.item.id),
        ),
      );
      const weeks = chunk.flatMap((row) =>
        row.weeks.map((week) => ({ week, itemId: row.item.id })),
      );
      if (weeks.length > 0) await tx.insert(itemHighFrequencyWeeks).values(weeks);
    }
    return { inserted, updated };
  });
}

/** Whether any item is stored: one row read, where counting read the whole table at every start. */
export async function hasAnyItem(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: items.id }).from(items).limit(1);
  return row !== undefined;
}

export async function countAllItems(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(items);
  return row?.value ?? 0;
}

/** Ids in the database that are not among `ids` (items whose file was removed). */
export async function findItemIdsNotIn(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.select({ id: items.id }).from(items);
  const keep = new Set(ids);
  return rows.map((row) => row.id).filter((id) => !keep.has(id));
}
