import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankState,
  itemHighFrequencyWeeks,
  items,
  userFavorites,
  userItemProgress,
} from '../../db/schema';
import type { SnapshotItem } from './bank-snapshot';

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

/** The bank's version (bank_state, raised by triggers whenever items or weekly lists change). */
export async function readBankVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: bankState.version }).from(bankState).limit(1);
  return row?.version ?? 0;
}

/**
 * Everything a bank snapshot holds, read in one repeatable-read transaction so the rows belong to
 * the version read with them. Items come in the database's own (type, number, id) order: the
 * snapshot keeps it, so its order is the SQL order whatever the collation.
 */
export async function loadBankSnapshotRows(db: Db): Promise<{
  version: number;
  items: SnapshotItem[];
  listings: { week: string; itemId: string }[];
}> {
  return db.transaction(
    async (tx) => {
      const version = await readBankVersion(tx as unknown as Db);
      const rows = await tx
        .select({
          id: items.id,
          type: items.type,
          number: items.number,
          title: items.title,
          difficulty: items.difficulty,
          topics: items.topics,
          updatedOn: items.updatedOn,
          isFull: items.isFull,
        })
        .from(items)
        .orderBy(...ORDER.number);
      const listings = await tx
        .select({ week: itemHighFrequencyWeeks.week, itemId: itemHighFrequencyWeeks.itemId })
        .from(itemHighFrequencyWeeks);
      return { version, items: rows, listings };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Ids of the items whose texts (or, for `title`, titles) match a tsquery from toPrefixQuery. */
export async function findTextMatchIds(
  db: Db,
  query: string,
  field: 'text' | 'title',
): Promise<string[]> {
  const vector = field === 'title' ? items.titleVector : items.searchVector;
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(sql`${vector} @@ to_tsquery('english', ${query})`);
  return rows.map((row) => row.id);
}

export interface ItemFactsRow {
  id: string;
  practiceCount: number;
  userPractised: number | null;
  userColor: number | null;
}

/** bank_state's version as a column, read by the statement that reads the rows beside it. */
const versionColumn = () =>
  sql<number>`(select ${bankState.version} from ${bankState})`.mapWith(Number);

/**
 * The signed-out page's statement, prepared once per database handle: the list's most frequent
 * call then skips building the query (and, on PostgreSQL, parsing and planning it).
 */
function preparePageFacts(db: Db) {
  return db
    .select({ version: versionColumn(), id: items.id, practiceCount: items.practiceCount })
    .from(items)
    .where(sql`${items.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('bank_page_facts');
}

const pageFactsStatements = new WeakMap<Db, ReturnType<typeof preparePageFacts>>();

/**
 * What may change between bank versions for some items — every learner's practice count, this
 * learner's own count and colour — with the bank's version read in the same statement, so one
 * round trip both fills a page and checks the cached bank. With `ordered`, only that page of the
 * items in practice-count order (the database orders, as listItems would).
 */
export async function findItemFacts(
  db: Db,
  ids: readonly string[],
  userId: number | null,
  ordered?: { order: Exclude<ItemOrder, 'number'>; page: { offset: number; limit: number } },
): Promise<{ version: number; rows: ItemFactsRow[] }> {
  if (ids.length === 0) return { version: await readBankVersion(db), rows: [] };
  if (userId === null && !ordered) {
    let statement = pageFactsStatements.get(db);
    if (!statement) pageFactsStatements.set(db, (statement = preparePageFacts(db)));
    const rows = await statement.execute({ ids: [...ids] });
    const version = rows[0]?.version ?? (await readBankVersion(db));
    return {
      version,
      rows: rows.map((row) => ({ ...row, userPractised: null, userColor: null })),
    };
  }
  const where = inArray(items.id, [...ids]);
  const orderBy = ordered ? ORDER[ordered.order] : [];
  const offset = ordered?.page.offset ?? 0;
  const limit = ordered?.page.limit ?? ids.length;
  // Signed out, the learner's tables are not joined at all: this is the anonymous list's one
  // statement, and on PGlite its cost is most of the call's.
  const rows =
    userId === null
      ? await db
          .select({
            version: versionColumn(),
            id: items.id,
            practiceCount: items.practiceCount,
            userPractised: sql<number | null>`null`,
            userColor: sql<number | null>`null`,
          })
          .from(items)
          .where(where)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit)
      : await db
          .select({
            version: versionColumn(),
            id: items.id,
            practiceCount: items.practiceCount,
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
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit);
  // An empty page (all gone, or past the end) still needs the version it was read at.
  const version = rows[0]?.version ?? (await readBankVersion(db));
  return { version, rows };
}

/**
 * One page in practice-count order (counts change with every attempt, so this order is the
 * database's): ids and facts of the page, with the bank's version as in findItemFacts.
 */
export async function listItemsByPractice(
  db: Db,
  filter: ItemFilter,
  order: Exclude<ItemOrder, 'number'>,
  page: { offset: number; limit: number },
): Promise<{ version: number; rows: ItemFactsRow[] }> {
  const userId = filter.userId ?? -1;
  const rows = await db
    .select({
      version: versionColumn(),
      id: items.id,
      practiceCount: items.practiceCount,
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
    .where(and(...conditionsOf(filter)))
    .orderBy(...ORDER[order])
    .offset(page.offset)
    .limit(page.limit);
  // An empty page still needs the version the page was read at.
  const version = rows[0]?.version ?? (await readBankVersion(db));
  return { version, rows };
}

/** The item ids a learner has practised. */
export async function findPractisedItemIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: userItemProgress.itemId })
    .from(userItemProgress)
    .where(eq(userItemProgress.userId, userId));
  return rows.map((row) => row.id);
}

/** The item ids a learner has put in favourites (-1 any colour, 1–4 one colour). */
export async function findFavoriteItemIds(
  db: Db,
  userId: number,
  color: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: userFavorites.itemId })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.userId, userId),
        color === -1 ? undefined : eq(userFavorites.label, color),
      ),
    );
  return rows.map((row) => row.id);
}

/** Per type, the items a learner has practised. */
export async function countPractisedByType(
  db: Db,
  userId: number,
): Promise<{ type: string; total: number }[]> {
  return db
    .select({ type: items.type, total: sql<number>`count(*)::int` })
    .from(userItemProgress)
    .innerJoin(items, eq(items.id, userItemProgress.itemId))
    .where(eq(userItemProgress.userId, userId))
    .groupBy(items.type);
}

/** The content of a few items (search snippets). */
export async function findItemContents(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; content: unknown }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: items.id, content: items.content })
    .from(items)
    .where(inArray(items.id, [...ids]));
}
