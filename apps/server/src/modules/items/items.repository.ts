import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemHighFrequencyWeeks, items, userFavorites, userItemProgress } from '../../db/schema';

/** The columns lists need: everything but the content, key and search text. */
const summaryColumns = {
  id: items.id,
  type: items.type,
  number: items.number,
  title: items.title,
  difficulty: items.difficulty,
  topics: items.topics,
  updatedOn: items.updatedOn,
  isFull: items.isFull,
  practiceCount: items.practiceCount,
};

export interface SummaryRow {
  id: string;
  type: string;
  number: number;
  title: string;
  difficulty: number;
  topics: string[];
  updatedOn: string;
  isFull: boolean;
  practiceCount: number;
  /** Whether the item is on the week's list the query was asked about. */
  onWeek: boolean;
  userPractised: number | null;
  userColor: number | null;
}

export interface ItemFilter {
  code?: string;
  /** Only items updated on or after this date. */
  updatedSince?: string;
  isFull?: boolean;
  /** The week the high-frequency filters and marks refer to; null when no list is published. */
  week: string | null;
  highFrequency?: 'only' | 'exclude';
  /** Only items that were on any weekly list up to and including `week`. */
  everListed?: boolean;
  userId: number | null;
  practised?: boolean;
  /** -1 any favourite, 1–4 one label. */
  color?: number;
  /** A tsquery text (see toPrefixQuery) and/or an item number. */
  search?: { query: string | null; number: number | null };
}

export type ItemOrder = 'number' | 'practice-desc' | 'practice-asc';

/**
 * Learner words → a prefix tsquery: `coral ree` finds "coral reefs". Letters and digits only, so
 * no input can break the tsquery syntax; null when nothing searchable is left.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length === 0 ? null : unique.map((word) => `${word}:*`).join(' & ');
}

function onWeekExpression(week: string | null): SQL<boolean> {
  if (week === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${itemHighFrequencyWeeks} where ${itemHighFrequencyWeeks.week} = ${week} and ${itemHighFrequencyWeeks.itemId} = ${items.id})`;
}

function searchCondition(search: NonNullable<ItemFilter['search']>): SQL {
  const parts: SQL[] = [];
  if (search.query) {
    parts.push(sql`${items.searchVector} @@ to_tsquery('english', ${search.query})`);
  }
  if (search.number !== null) parts.push(eq(items.number, search.number));
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

function conditionsOf(filter: ItemFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.code) conditions.push(eq(items.type, filter.code));
  if (filter.updatedSince) conditions.push(gte(items.updatedOn, filter.updatedSince));
  if (filter.isFull !== undefined) conditions.push(eq(items.isFull, filter.isFull));
  if (filter.highFrequency === 'only') conditions.push(onWeekExpression(filter.week));
  if (filter.highFrequency === 'exclude')
    conditions.push(sql`not ${onWeekExpression(filter.week)}`);
  if (filter.everListed) {
    conditions.push(
      filter.week === null
        ? sql`false`
        : sql`exists (select 1 from ${itemHighFrequencyWeeks} where ${itemHighFrequencyWeeks.itemId} = ${items.id} and ${itemHighFrequencyWeeks.week} <= ${filter.week})`,
    );
  }
  if (filter.userId !== null && filter.practised !== undefined) {
    const practised = sql`exists (select 1 from ${userItemProgress} where ${userItemProgress.userId} = ${filter.userId} and ${userItemProgress.itemId} = ${items.id})`;
    conditions.push(filter.practised ? practised : sql`not ${practised}`);
  }
  if (filter.userId !== null && filter.color !== undefined) {
    const label = filter.color === -1 ? sql`` : sql` and ${userFavorites.label} = ${filter.color}`;
    conditions.push(
      sql`exists (select 1 from ${userFavorites} where ${userFavorites.userId} = ${filter.userId} and ${userFavorites.itemId} = ${items.id}${label})`,
    );
  }
  if (filter.search) conditions.push(searchCondition(filter.search));
  return conditions;
}

const ORDER: Record<ItemOrder, SQL[]> = {
  number: [asc(items.type), asc(items.number), asc(items.id)],
  'practice-desc': [desc(items.practiceCount), asc(items.number), asc(items.id)],
  'practice-asc': [asc(items.practiceCount), asc(items.number), asc(items.id)],
};

/** One page of items and the number of matches, with the user's own fields when signed in. */
export async function listItems(
  db: Db,
  filter: ItemFilter,
  order: ItemOrder,
  page: { offset: number; limit: number },
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = and(...conditionsOf(filter));
  const userId = filter.userId ?? -1;
  const rows = await db
    .select({
      ...summaryColumns,
      onWeek: onWeekExpression(filter.week),
      userPractised: userItemProgress.practiceCount,
      userColor: userFavorites.label,
    })
    .from(items)
    .leftJoin(
      userItemProgress,
      and(eq(userItemProgress.itemId, items.id), eq(userItemProgress.userId, userId)),
    )
    .leftJoin(
      userFavorites,
      and(eq(userFavorites.itemId, items.id), eq(userFavorites.userId, userId)),
    )
    .where(where)
    .orderBy(...ORDER[order])
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(items)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export interface SearchRow {
  id: string;
  type: string;
  number: number;
  title: string;
  content: unknown;
}

/** Fuzzy search: best matches first (title hits weigh more), then by type and number. */
export async function searchItems(
  db: Db,
  filter: ItemFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SearchRow[]; total: number }> {
  const where = and(...conditionsOf(filter));
  const rank = filter.search?.query
    ? sql`ts_rank(${items.searchVector}, to_tsquery('english', ${filter.search.query}))`
    : sql`0`;
  const rows = await db
    .select({
      id: items.id,
      type: items.type,
      number: items.number,
      title: items.title,
      content: items.content,
    })
    .from(items)
    .where(where)
    .orderBy(desc(rank), asc(items.type), asc(items.number), asc(items.id))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(items)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export interface TypeCountsRow {
  type: string;
  total: number;
  highFrequency: number;
  recent: number;
  practised: number;
}

/** Per type: items, items on `week`'s list, items updated since `recentSince`, items the user practised. */
export async function countItemsByType(
  db: Db,
  week: string | null,
  recentSince: string,
  userId: number | null,
): Promise<TypeCountsRow[]> {
  return db
    .select({
      type: items.type,
      total: sql<number>`count(*)::int`,
      highFrequency: sql<number>`(count(*) filter (where ${onWeekExpression(week)}))::int`,
      recent: sql<number>`(count(*) filter (where ${items.updatedOn} >= ${recentSince}))::int`,
      practised: sql<number>`count(${userItemProgress.itemId})::int`,
    })
    .from(items)
    .leftJoin(
      userItemProgress,
      and(eq(userItemProgress.itemId, items.id), eq(userItemProgress.userId, userId ?? -1)),
    )
    .groupBy(items.type);
}

/** Published weekly lists up to `upTo`, newest first. */
export async function findListedWeeks(db: Db, upTo: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ week: itemHighFrequencyWeeks.week })
    .from(itemHighFrequencyWeeks)
    .where(lte(itemHighFrequencyWeeks.week, upTo))
    .orderBy(desc(itemHighFrequencyWeeks.week))
    .limit(limit);
  return rows.map((row) => row.week);
}

export type ItemRow = typeof items.$inferSelect;

export async function findItem(
  db: Db,
  id: string,
): Promise<Omit<ItemRow, 'searchVector' | 'searchText'> | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: items.content,
      answerKey: items.answerKey,
      explanationZh: items.explanationZh,
      sourceHash: items.sourceHash,
      importedAt: items.importedAt,
    })
    .from(items)
    .where(eq(items.id, id))
    .limit(1);
  return row ?? null;
}

/** The user's own fields of one item. */
export async function findUserItemFields(
  db: Db,
  userId: number,
  itemId: string,
): Promise<{ practised: number | null; color: number | null }> {
  const [progress] = await db
    .select({ count: userItemProgress.practiceCount })
    .from(userItemProgress)
    .where(and(eq(userItemProgress.userId, userId), eq(userItemProgress.itemId, itemId)));
  const [favorite] = await db
    .select({ label: userFavorites.label })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.itemId, itemId)));
  return { practised: progress?.count ?? null, color: favorite?.label ?? null };
}

export async function isItemOnWeek(db: Db, itemId: string, week: string | null): Promise<boolean> {
  if (week === null) return false;
  const [row] = await db
    .select({ id: itemHighFrequencyWeeks.itemId })
    .from(itemHighFrequencyWeeks)
    .where(and(eq(itemHighFrequencyWeeks.week, week), eq(itemHighFrequencyWeeks.itemId, itemId)));
  return Boolean(row);
}
