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
import { toFuzzyHit, toItemAnswer, toItemSummary, withMediaUrls } from './items.mapper';
import {
  countItemsByType,
  findItem,
  findListedWeeks,
  findUserItemFields,
  isItemOnWeek,
  listItems,
  searchItems,
  toPrefixQuery,
  type ItemFilter,
  type ItemOrder,
  type ItemRecord,
} from './items.repository';

export { toItemAnswer };
export type { ItemRecord };

export interface ItemsDeps {
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
  timeZone: string;
}

/** What the items services use of the app context (favourites lists items too). */
export const itemsDeps = (context: AppContext): ItemsDeps => ({
  db: context.db,
  clock: context.clock,
  storage: context.storage,
  timeZone: context.timeZone,
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

export async function listBankItems(
  deps: ItemsDeps,
  query: ItemListQuery,
  userId: number | null,
): Promise<ItemList> {
  const { recentSince, currentWeek } = calendar(deps);
  const week = await latestWeek(deps, currentWeek);
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
  const { rows, total } = await listItems(deps.db, filter, ORDER_OF_HOT_SORT[query.hotSort]!, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    list: rows.map((row) => toItemSummary(row, recentSince, userId !== null)),
    total,
    page: query.page,
    perPage: query.perPage,
    week,
  };
}

export async function searchBank(deps: ItemsDeps, query: FuzzyQuery): Promise<FuzzyResult> {
  const { currentWeek } = calendar(deps);
  const filter: ItemFilter = {
    week: await latestWeek(deps, currentWeek),
    userId: null,
    search: { query: toPrefixQuery(query.content), number: itemNumberOf(query.content) },
  };
  if (query.termId) filter.code = query.termId;
  if (query.isReal === 1) filter.everListed = true;
  const { rows, total, totalCapped } = await searchItems(deps.db, filter, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    list: rows.map(toFuzzyHit),
    total,
    totalCapped,
    page: query.page,
    perPage: query.perPage,
  };
}

export async function bankHierarchy(deps: ItemsDeps, userId: number | null): Promise<Hierarchy> {
  const { recentSince, currentWeek } = calendar(deps);
  const week = await latestWeek(deps, currentWeek);
  const counts = new Map(
    (await countItemsByType(deps.db, ITEM_TYPE_CODES, week, recentSince, userId)).map((row) => [
      row.type,
      row,
    ]),
  );
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
          practised: userId === null ? null : (row?.practised ?? 0),
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
