/**
 * The question bank's plain constants (filter codes, favourite colours, page sizes), without zod:
 * `items.ts` builds the request schemas from them and re-exports them; a page that only names a
 * favourite colour loads no zod (issue 19: the signed-in home page stays under 180 kB).
 */

/** The filters of spec §3, numbered as the spec numbers them. */
export const UPD_TOPIC = { all: 0, recent: 1 } as const;
export const IS_FULL = { any: 0, full: 1, incomplete: 2 } as const;
export const PRACTICE_STATUS = { all: 0, practised: 1, unpractised: 2 } as const;
export const FREQUENCY = { all: 1, high: 4, notHigh: 5 } as const;
export const HOT_SORT = { none: 0, descending: 1, ascending: 2 } as const;
/** `color`: empty for all, -1 any favourite, else a label. */
export const FAVORITE_LABELS = [1, 2, 3, 4] as const;
export type FavoriteLabel = (typeof FAVORITE_LABELS)[number];
export const FAVORITE_ANY = -1;
export const favoriteLabelNames: Record<FavoriteLabel, string> = {
  1: '红色',
  2: '黄色',
  3: '绿色',
  4: '蓝色',
};

/** Items updated this many days ago or later count as new (updTopic 1, the "新" badge). */
export const RECENT_DAYS = 7;
/** Spec §9: fuzzy search pages hold 30 results. */
export const FUZZY_PAGE_SIZE = 30;
/** Rows on a page of the question list (the web app's list and the server's stand-in of it). */
export const ITEM_LIST_PAGE_SIZE = 20;
/** Search counts matches up to this many (`totalCapped` says there are more). */
export const SEARCH_COUNT_CAP = 1000;
