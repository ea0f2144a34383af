import path from 'node:path';
import type { Item, ItemTypeCode } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { eq, sql } from 'drizzle-orm';
import { toBankRow } from '../src/content/import-bank';
import type { Db } from '../src/db/client';
import { items, userFavorites, userItemProgress } from '../src/db/schema';
import { upsertBankRows } from '../src/modules/items/bank-import.repository';

/** A small bank on disk (three items with real media) for import and media tests. */
export const fixtureBankDir = path.join(import.meta.dirname, 'fixtures/bank');

/** The example item of a type under another number, with the given fields changed. */
export function bankItem(
  type: ItemTypeCode,
  number: number,
  fields: Partial<Pick<Item, 'title' | 'updatedAt' | 'highFrequencyWeeks' | 'difficulty'>> = {},
): Item {
  const item = buildExampleItem(type) as Item;
  item.id = `${type.toLowerCase()}-${String(number).padStart(4, '0')}`;
  Object.assign(item, fields);
  return item;
}

/** Puts items straight into the database, as the import would. */
export async function seedItems(db: Db, list: readonly Item[]): Promise<void> {
  await upsertBankRows(
    db,
    list.map((item) => toBankRow({ item, file: `${item.id}.yaml`, media: [] })),
  );
}

export async function setPracticeCount(db: Db, id: string, count: number): Promise<void> {
  await db.update(items).set({ practiceCount: count }).where(eq(items.id, id));
}

/** What the practice module will write when an attempt is scored. */
export async function markPractised(db: Db, userId: number, itemId: string, times = 1) {
  await db
    .insert(userItemProgress)
    .values({ userId, itemId, practiceCount: times, lastPractisedAt: sql`now()` });
}

export async function addFavorite(db: Db, userId: number, itemId: string, label: number) {
  await db.insert(userFavorites).values({ userId, itemId, label });
}
