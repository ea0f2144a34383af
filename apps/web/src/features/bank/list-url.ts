import { ITEM_LIST_PAGE_SIZE, ITEM_TYPE_CODES, type ItemTypeCode } from '@ninety/contract';
import type { ListFilters } from './api/list-items';

/**
 * The question list keeps its state in the URL, so a list can be bookmarked, shared and restored
 * by the back button: `/question-list/{type}/{page}?updTopic=1&type=4…` (spec §2's
 * question-list/{type}/{id}, where the id is the page number).
 */

export const LIST_PAGE_SIZE = ITEM_LIST_PAGE_SIZE;

const numeric = (value: string | null, allowed: readonly number[], fallback: number) => {
  const parsed = Number(value);
  return value !== null && allowed.includes(parsed) ? parsed : fallback;
};

/** The catalogue's list, not its zod schema: the route's loader parses the URL in the entry chunk. */
export function parseTypeCode(value: string | undefined): ItemTypeCode | null {
  const upper = value?.toUpperCase();
  return ITEM_TYPE_CODES.find((code) => code === upper) ?? null;
}

export function filtersFromUrl(
  code: ItemTypeCode,
  page: string | undefined,
  search: URLSearchParams,
): ListFilters {
  const pageNumber = Number(page);
  const color = search.get('color');
  return {
    code,
    page: Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1,
    perPage: LIST_PAGE_SIZE,
    updTopic: numeric(search.get('updTopic'), [0, 1], 0),
    isFull: numeric(search.get('isFull'), [0, 1, 2], 0),
    practiceStatus: numeric(search.get('practiceStatus'), [0, 1, 2], 0),
    type: numeric(search.get('type'), [1, 4, 5], 1),
    color: color === null || color === '' ? '' : numeric(color, [-1, 1, 2, 3, 4], 0) || '',
    hotSort: numeric(search.get('hotSort'), [0, 1, 2], 0),
    isReal: numeric(search.get('isReal'), [0, 1], 0),
    keyword: search.get('keyword') ?? '',
  };
}

const DEFAULTS: Partial<ListFilters> = {
  updTopic: 0,
  isFull: 0,
  practiceStatus: 0,
  type: 1,
  color: '',
  hotSort: 0,
  isReal: 0,
  keyword: '',
};

/** The list's URL for these filters, leaving defaults out so links stay short. */
export function listUrl(filters: ListFilters): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = filters[key];
    if (value !== DEFAULTS[key]) search.set(key, String(value));
  }
  const query = search.toString();
  return `/question-list/${filters.code}/${filters.page}${query ? `?${query}` : ''}`;
}
