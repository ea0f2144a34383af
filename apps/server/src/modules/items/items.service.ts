import {
  ErrorCode,
  FAVORITE_ANY,
  FREQUENCY,
  HOT_SORT,
  IS_FULL,
  ITEM_TYPE_CODES,
  PRACTICE_STATUS,
  RECENT_DAYS,
  SkillSchema,
  UPD_TOPIC,
  isoWeekOf,
  itemTypes,
  type FuzzyQuery,
  type FuzzyResult,
  type Hierarchy,
  type HighFrequency,
  type ItemAnswer,
  type ItemDetail,
  type ItemList,
  type ItemListQuery,
} from '@ninety/contract';
import type { AppContext } from '../../app-context';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addDays, localDate, type Clock } from '../../lib/clock';
import {
  toFuzzyHit,
  toFuzzyResultBody,
  toItemAnswer,
  toItemListBody,
  toItemSummary,
  withMediaUrls,
} from './items.mapper';
import { bankCacheOf, type BankCache } from './bank-cache';
import type { BankSnapshot, IndexList, SnapshotFilter } from './bank-snapshot';
import {
  countPractisedByType,
  findFavoriteItemIds,
  findItem,
  findItemFacts,
  findListedWeeks,
  findPractisedItemIds,
  findUserItemFields,
  isItemOnWeek,
  listItems,
  listItemsByPractice,
  toPrefixQuery,
  type ItemFactsRow,
  type ItemFilter,
  type ItemOrder,
  type ItemRecord,
  type SummaryRow,
} from './items.repository';

export { toItemAnswer };
export type { ItemRecord };

export interface ItemsDeps {
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
  timeZone: string;
  /** The bank as every learner sees it, per bank version (bank-cache.ts). */
  bank: BankCache;
}

/** What the items services use of the app context (favourites lists items too). */
export const itemsDeps = (context: AppContext): ItemsDeps => ({
  db: context.db,
  clock: context.clock,
  storage: context.storage,
  timeZone: context.timeZone,
  bank: bankCacheOf(context.db),
});

/** How many past weekly lists the 高频 page offers. */
const WEEKS_OFFERED = 8;

/** Today in the product's time zone, the first day that counts as recent, and this ISO week. */
function calendar(deps: ItemsDeps) {
  const today = localDate(deps.clock.now(), deps.timeZone);
  return {
    today,
    recentSince: addDays(today, -(RECENT_DAYS - 1)),
    currentWeek: isoWeekOf(today),
  };
}

/**
 * The list the high-frequency marks refer to: this week's, or, until it is published, the most
 * recent one before it (so Monday morning does not show an empty 高频 page).
 */
async function latestWeek(deps: ItemsDeps, currentWeek: string): Promise<string | null> {
  const [week] = await findListedWeeks(deps.db, currentWeek, 1);
  return week ?? null;
}

/** The number a learner may type to find "#12": digits only, within the id's four-digit range. */
function itemNumberOf(text: string): number | null {
  const digits = text.replace(/^#/, '');
  return /^\d{1,6}$/.test(digits) ? Number(digits) : null;
}

const ORDER_OF_HOT_SORT: Record<number, ItemOrder> = {
  [HOT_SORT.none]: 'number',
  [HOT_SORT.descending]: 'practice-desc',
  [HOT_SORT.ascending]: 'practice-asc',
};

function requireSignedIn(userId: number | null, what: string): void {
  if (userId === null) throw new AppError(ErrorCode.TokenMissing, `登录后才能按${what}筛选`);
}

/** The week the high-frequency marks refer to, from the snapshot's published weeks. */
function latestWeekOf(snapshot: BankSnapshot, currentWeek: string): string | null {
  return snapshot.weeksUpTo(currentWeek, 1)[0] ?? null;
}

/** Ascending union of ascending index lists. */
function unionOf(...lists: (IndexList | readonly number[])[]): IndexList {
  const all = new Set<number>();
  for (const list of lists) for (const index of list) all.add(index);
  return Int32Array.from(all).sort();
}

const NO_MATCHES: IndexList = new Int32Array(0);

/** The snapshot indices a search matches anywhere (texts or number), as searchCondition does. */
async function searchMatches(
  deps: ItemsDeps,
  snapshot: BankSnapshot,
  search: { query: string | null; number: number | null },
  field: 'text' | 'title',
): Promise<IndexList> {
  const texts = search.query
    ? await deps.bank.textMatches(snapshot, search.query, field)
    : NO_MATCHES;
  return search.number === null ? texts : unionOf(texts, snapshot.numbered(search.number));
}

/** The list filter applied to the snapshot, then the learner's own filters. */
async function selectListed(
  deps: ItemsDeps,
  snapshot: BankSnapshot,
  filter: ItemFilter,
): Promise<IndexList> {
  const { search } = filter;
  const base: SnapshotFilter = { week: filter.week };
  if (filter.code) base.code = filter.code;
  if (filter.updatedSince) base.updatedSince = filter.updatedSince;
  if (filter.isFull !== undefined) base.isFull = filter.isFull;
  if (filter.highFrequency) base.highFrequency = filter.highFrequency;
  if (filter.everListed) base.everListed = true;
  if (search) base.matches = await searchMatches(deps, snapshot, search, 'text');
  let selected = snapshot.select(base, search ? `${search.query}|${search.number}` : null);
  if (filter.userId !== null && filter.practised !== undefined) {
    const practised = new Set(
      snapshot.indicesOf(await findPractisedItemIds(deps.db, filter.userId)),
    );
    selected = selected.filter((index) => practised.has(index) === filter.practised);
  }
  if (filter.userId !== null && filter.color !== undefined) {
    const favourites = new Set(
      snapshot.indicesOf(await findFavoriteItemIds(deps.db, filter.userId, filter.color)),
    );
    selected = selected.filter((index) => favourites.has(index));
  }
  return selected;
}

/** A page's rows: the snapshot's fields with the facts read for this request. */
function summaryRows(
  snapshot: BankSnapshot,
  week: string | null,
  facts: readonly ItemFactsRow[],
  ids: readonly string[],
): SummaryRow[] | null {
  const byId = new Map(facts.map((row) => [row.id, row]));
  const rows: SummaryRow[] = [];
  for (const id of ids) {
    const index = snapshot.indexOf(id);
    const fact = byId.get(id);
    if (index === undefined || !fact) return null;
    rows.push({
      ...snapshot.items[index]!,
      practiceCount: fact.practiceCount,
      onWeek: snapshot.isOnWeek(index, week),
      userPractised: fact.userPractised,
      userColor: fact.userColor,
    });
  }
  return rows;
}

/** Up to this many selected items, a practice-count page is ordered among their ids. */
const ORDER_IN_DATABASE_BY_ID = 500;

/** Reads of a page before the cached bank is given up on for this request (imports are rare). */
const PAGE_ATTEMPTS = 3;

export async function listBankItems(
  deps: ItemsDeps,
  query: ItemListQuery,
  userId: number | null,
): Promise<ItemList> {
  const { recentSince, currentWeek } = calendar(deps);
  return readListPage(deps, query, userId, recentSince, currentWeek);
}

/**
 * A signed-out list page as its response's JSON body (`{ data }`, as the route's schema writes
 * it), shared by every visitor asking the same page (BankCache.anonymousPage).
 */
export async function anonymousListBody(deps: ItemsDeps, query: ItemListQuery): Promise<Buffer> {
  const { recentSince, currentWeek } = calendar(deps);
  return deps.bank.anonymousPage(
    `${recentSince}|${currentWeek}|${JSON.stringify(query)}`,
    deps.clock.now().getTime(),
    async () => toItemListBody(await readListPage(deps, query, null, recentSince, currentWeek)),
  );
}

async function readListPage(
  deps: ItemsDeps,
  query: ItemListQuery,
  userId: number | null,
  recentSince: string,
  currentWeek: string,
): Promise<ItemList> {
  const order = ORDER_OF_HOT_SORT[query.hotSort]!;
  const page = { offset: (query.page - 1) * query.perPage, limit: query.perPage };
  let snapshot = deps.bank.cached() ?? (await deps.bank.current());
  for (let attempt = 1; ; attempt += 1) {
    const week = latestWeekOf(snapshot, currentWeek);
    const filter: ItemFilter = { week, userId };
    if (query.code) filter.code = query.code;
    if (query.updTopic === UPD_TOPIC.recent) filter.updatedSince = recentSince;
    if (query.isFull !== IS_FULL.any) filter.isFull = query.isFull === IS_FULL.full;
    if (query.type === FREQUENCY.high) filter.highFrequency = 'only';
    if (query.type === FREQUENCY.notHigh) filter.highFrequency = 'exclude';
    if (query.isReal === 1) filter.everListed = true;
    if (query.practiceStatus !== PRACTICE_STATUS.all) {
      requireSignedIn(userId, '练习状态');
      filter.practised = query.practiceStatus === PRACTICE_STATUS.practised;
    }
    if (query.color !== undefined && query.color !== '') {
      requireSignedIn(userId, '收藏');
      filter.color = query.color === FAVORITE_ANY ? FAVORITE_ANY : query.color;
    }
    if (query.keyword) {
      filter.search = { query: toPrefixQuery(query.keyword), number: itemNumberOf(query.keyword) };
    }

    const selected = await selectListed(deps, snapshot, filter);
    let ids: string[];
    let facts: { version: number; rows: ItemFactsRow[] };
    if (order === 'number') {
      ids = [...selected.subarray(page.offset, page.offset + page.limit)].map(
        (index) => snapshot.items[index]!.id,
      );
      facts = await findItemFacts(deps.db, ids, userId);
    } else if (selected.length <= ORDER_IN_DATABASE_BY_ID) {
      // Practice counts move with every attempt: the database orders the few items selected.
      const candidates = [...selected].map((index) => snapshot.items[index]!.id);
      facts = await findItemFacts(deps.db, candidates, userId, { order, page });
      ids = facts.rows.map((row) => row.id);
    } else {
      // Too many to name: the database filters and orders by the same rules (indexed).
      facts = await listItemsByPractice(deps.db, filter, order, page);
      ids = facts.rows.map((row) => row.id);
    }
    const rows =
      facts.version === snapshot.version ? summaryRows(snapshot, week, facts.rows, ids) : null;
    if (rows || attempt === PAGE_ATTEMPTS) {
      return {
        list: (rows ?? []).map((row) => toItemSummary(row, recentSince, userId !== null)),
        total: selected.length,
        page: query.page,
        perPage: query.perPage,
        week,
      };
    }
    // The bank changed since the snapshot: read the page again from the new one.
    snapshot = await deps.bank.atLeast(facts.version);
  }
}

export async function searchBank(deps: ItemsDeps, query: FuzzyQuery): Promise<FuzzyResult> {
  const { currentWeek } = calendar(deps);
  return searchSnapshot(deps, await deps.bank.current(), currentWeek, query);
}

/**
 * A search's response body (`{ data }`, as the route's schema writes it): the same for everyone
 * at one bank version, so made once per version and query (BankCache.searchBody).
 */
export async function searchBody(deps: ItemsDeps, query: FuzzyQuery): Promise<Buffer> {
  const { currentWeek } = calendar(deps);
  const snapshot = await deps.bank.current();
  return deps.bank.searchBody(snapshot, `${currentWeek}|${JSON.stringify(query)}`, async () =>
    toFuzzyResultBody(await searchSnapshot(deps, snapshot, currentWeek, query)),
  );
}

async function searchSnapshot(
  deps: ItemsDeps,
  snapshot: BankSnapshot,
  currentWeek: string,
  query: FuzzyQuery,
): Promise<FuzzyResult> {
  const search = { query: toPrefixQuery(query.content), number: itemNumberOf(query.content) };
  const base: SnapshotFilter = { week: latestWeekOf(snapshot, currentWeek) };
  if (query.termId) base.code = query.termId;
  if (query.isReal === 1) base.everListed = true;
  const key = `${search.query}|${search.number}`;
  // Number and title matches first, then matches in the texts only (ADR 0008).
  const strong = snapshot.select(
    { ...base, matches: await searchMatches(deps, snapshot, search, 'title') },
    `strong:${key}`,
  );
  const any = snapshot.select(
    { ...base, matches: await searchMatches(deps, snapshot, search, 'text') },
    key,
  );
  const found = snapshot.searchPage(strong, any, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  const hits = found.indices.map((index) => snapshot.items[index]!);
  const snippets = await deps.bank.snippets(
    snapshot,
    hits.map((item) => item.id),
  );
  return {
    list: hits.map((item) => toFuzzyHit(item, snippets.get(item.id) ?? '')),
    total: found.total,
    totalCapped: found.totalCapped,
    page: query.page,
    perPage: query.perPage,
  };
}

export async function bankHierarchy(deps: ItemsDeps, userId: number | null): Promise<Hierarchy> {
  const { recentSince, currentWeek } = calendar(deps);
  const snapshot = await deps.bank.current();
  const week = latestWeekOf(snapshot, currentWeek);
  const counts = snapshot.countsByType(week, recentSince);
  const practised =
    userId === null
      ? null
      : new Map((await countPractisedByType(deps.db, userId)).map((row) => [row.type, row.total]));
  return {
    week,
    sections: SkillSchema.options.map((area) => ({
      area,
      types: ITEM_TYPE_CODES.filter((code) => itemTypes[code].skillArea === area).map((code) => {
        const row = counts.get(code);
        return {
          code,
          total: row?.total ?? 0,
          highFrequency: row?.highFrequency ?? 0,
          recent: row?.recent ?? 0,
          practised: practised === null ? null : (practised.get(code) ?? 0),
        };
      }),
    })),
  };
}

export async function highFrequencyLists(
  deps: ItemsDeps,
  requestedWeek: string | undefined,
  userId: number | null,
): Promise<HighFrequency> {
  const { recentSince, currentWeek } = calendar(deps);
  const weeks = await findListedWeeks(deps.db, currentWeek, WEEKS_OFFERED);
  const week = requestedWeek ?? weeks[0] ?? null;
  if (requestedWeek !== undefined && !weeks.includes(requestedWeek)) {
    throw new AppError(ErrorCode.NotFound, `${requestedWeek} 没有高频榜`);
  }
  const { rows } = await listItems(deps.db, { week, userId, highFrequency: 'only' }, 'number', {
    offset: 0,
    limit: 1000,
  });
  const groups = ITEM_TYPE_CODES.map((code) => ({
    code,
    items: rows
      .filter((row) => row.type === code)
      .map((row) => toItemSummary(row, recentSince, userId !== null)),
  })).filter((group) => group.items.length > 0);
  return { week, currentWeek, weeks, groups };
}

/**
 * The bank's items of these types (id, type, title), each type in number order: what a 资料
 * includes. From the cached snapshot, so the catalogue pages cost no query per item.
 */
export async function itemsOfTypes(
  db: Db,
  types: readonly string[],
): Promise<{ id: string; type: string; title: string }[]> {
  const snapshot = await bankCacheOf(db).current();
  return types.flatMap((type) =>
    snapshot.items
      .filter((item) => item.type === type)
      .sort((a, b) => a.number - b.number)
      .map(({ id, title }) => ({ id, type, title })),
  );
}

/**
 * The item with this id, or 40401 "题目不存在": how every module (practice, favourites, shares)
 * finds the item a request names.
 */
export async function requireItem(deps: { db: Db }, id: string): Promise<ItemRecord> {
  const row = await findItem(deps.db, id);
  if (!row) throw new AppError(ErrorCode.NotFound, '题目不存在');
  return row;
}

/** One item for the exercise page: content with media URLs, never the key. */
export async function itemDetail(
  deps: ItemsDeps,
  id: string,
  userId: number | null,
): Promise<ItemDetail> {
  const { recentSince, currentWeek } = calendar(deps);
  const row = await requireItem(deps, id);
  const week = await latestWeek(deps, currentWeek);
  const user = userId === null ? null : await findUserItemFields(deps.db, userId, id);
  const summary = toItemSummary(
    {
      ...row,
      onWeek: await isItemOnWeek(deps.db, id, week),
      userPractised: user?.practised ?? null,
      userColor: user?.color ?? null,
    },
    recentSince,
    userId !== null,
  );
  return { ...summary, content: withMediaUrls(row.content, deps.storage) };
}

/** The key and 解析, asked for explicitly ("show answer") by a signed-in learner. */
export async function itemAnswer(deps: ItemsDeps, id: string): Promise<ItemAnswer> {
  return toItemAnswer(await requireItem(deps, id));
}
