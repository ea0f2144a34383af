import { SEARCH_COUNT_CAP } from '@ninety/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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

/**
 * Fuzzy search in two tiers, each in (type, number) order: items whose number or title matches,
 * then items that match in their texts only. Neither tier ranks every match (a common word matches
 * a fifth of a large bank, and ranking them all read every one of those rows: ~5 s at 100,000
 * items), so each tier stops after the page it needs. The count stops at SEARCH_COUNT_CAP.
 */
export async function searchItems(
  db: Db,
  filter: ItemFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SearchRow[]; total: number; totalCapped: boolean }> {
  const search = filter.search ?? { query: null, number: null };
  const others = conditionsOf({ ...filter, search: undefined });
  const strong: SQL[] = [];
  if (search.number !== null) strong.push(eq(items.number, search.number));
  if (search.query) {
    strong.push(sql`${items.titleVector} @@ to_tsquery('english', ${search.query})`);
  }
  const strongMatch = strong.length === 0 ? sql`false` : sql`(${sql.join(strong, sql` or `)})`;
  const anyMatch = searchCondition(search);
  const columns = {
    id: items.id,
    type: items.type,
    number: items.number,
    title: items.title,
    content: items.content,
  };
  const order = [asc(items.type), asc(items.number), asc(items.id)];

  const end = page.offset + page.limit;
  const first = await db
    .select(columns)
    .from(items)
    .where(and(...others, strongMatch))
    .orderBy(...order)
    .limit(end);
  const rows = first.slice(page.offset, end);
  if (rows.length < page.limit) {
    // The first tier ran out before the page did: the rest of the page comes from the second.
    const second = await db
      .select(columns)
      .from(items)
      .where(and(...others, anyMatch, sql`not ${strongMatch}`))
      .orderBy(...order)
      .offset(Math.max(0, page.offset - first.length))
      .limit(page.limit - rows.length);
    rows.push(...second);
  }

  const counted = await db.transaction(async (tx) => {
    // With a LIMIT the planner prefers reading the table until enough rows match, underpricing
    // the text match of each row: ~90 ms where the search index takes ~15 ms at 100,000 items.
    await tx.execute(sql`set local enable_seqscan = off`);
    const matches = tx
      .select({ one: sql`1` })
      .from(items)
      .where(and(...others, anyMatch))
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches');
    const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(matches);
    return row?.total ?? 0;
  });
  return {
    rows,
    total: Math.min(counted, SEARCH_COUNT_CAP),
    totalCapped: counted > SEARCH_COUNT_CAP,
  };
}

export interface TypeCountsRow {
  type: string;
  total: number;
  highFrequency: number;
  recent: number;
  practised: number;
}

type CountName = Exclude<keyof TypeCountsRow, 'type'>;

async function countsInto(
  counts: Map<string, TypeCountsRow>,
  name: CountName,
  rows: Promise<{ type: string; total: number }[]>,
): Promise<void> {
  for (const row of await rows) {
    const entry = counts.get(row.type) ?? {
      type: row.type,
      total: 0,
      highFrequency: 0,
      recent: 0,
      practised: 0,
    };
    entry[name] = row.total;
    counts.set(row.type, entry);
  }
}

/**
 * Per type: items, items on `week`'s list, items updated since `recentSince`, items the user
 * practised. Four grouped counts rather than one pass with per-row subqueries, so each can be
 * answered from an index: at 100,000 items the single pass took ~450 ms on PostgreSQL, these
 * take ~25 ms together. `codes` lets the recent count range-scan (type, updated_on) per type.
 */
export async function countItemsByType(
  db: Db,
  codes: readonly string[],
  week: string | null,
  recentSince: string,
  userId: number | null,
): Promise<TypeCountsRow[]> {
  const total = sql<number>`count(*)::int`;
  const counts = new Map<string, TypeCountsRow>();
  await countsInto(
    counts,
    'total',
    db.select({ type: items.type, total }).from(items).groupBy(items.type),
  );
  if (week !== null) {
    await countsInto(
      counts,
      'highFrequency',
      db
        .select({ type: items.type, total })
        .from(itemHighFrequencyWeeks)
        .innerJoin(items, eq(items.id, itemHighFrequencyWeeks.itemId))
        .where(eq(itemHighFrequencyWeeks.week, week))
        .groupBy(items.type),
    );
  }
  await countsInto(
    counts,
    'recent',
    db
      .select({ type: items.type, total })
      .from(items)
      .where(and(inArray(items.type, [...codes]), gte(items.updatedOn, recentSince)))
      .groupBy(items.type),
  );
  if (userId !== null) {
    await countsInto(
      counts,
      'practised',
      db
        .select({ type: items.type, total })
        .from(userItemProgress)
        .innerJoin(items, eq(items.id, userItemProgress.itemId))
        .where(eq(userItemProgress.userId, userId))
        .groupBy(items.type),
    );
  }
  return [...counts.values()];
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

/** An item as the server uses it: everything but the search columns. */
export type ItemRecord = Omit<ItemRow, 'searchVector' | 'titleVector' | 'searchText'>;

export async function findItem(db: Db, id: string): Promise<ItemRecord | null> {
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
