import type { ItemSummary, ItemTypeCode, Skill } from '@ninety/contract';
import { filtersFromUrl, parseTypeCode, type ListFilters } from '../../features/bank';
import { FAVORITE_DETAILS_PATH } from '../../features/favorites';

/**
 * Previous / next within the list the learner came from. The exercise URL carries that list as
 * `?from=<list path>` (a question-list page with its filters, or a favourites folder), so the
 * sequence survives a reload and a shared link, and the back link returns to the same page.
 */

export type SequenceSource =
  | { kind: 'list'; filters: ListFilters; path: string }
  | { kind: 'favorites'; label: number; code: ItemTypeCode | null; path: string };

/** Reads `from`; anything that is not one of our own list pages is ignored (no open redirect). */
export function parseSequenceSource(from: string | null): SequenceSource | null {
  if (!from?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://local');
  } catch {
    return null;
  }
  if (url.origin !== 'http://local') return null;
  const path = `${url.pathname}${url.search}`;
  const list = /^\/question-list\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (list) {
    const code = parseTypeCode(list[1]);
    return code
      ? { kind: 'list', filters: filtersFromUrl(code, list[2], url.searchParams), path }
      : null;
  }
  if (url.pathname === FAVORITE_DETAILS_PATH) {
    const label = Number(url.searchParams.get('id') ?? -1);
    return {
      kind: 'favorites',
      label: [1, 2, 3, 4].includes(label) ? label : -1,
      code: parseTypeCode(url.searchParams.get('code') ?? undefined),
      path,
    };
  }
  return null;
}

export interface Neighbour {
  item: Pick<ItemSummary, 'id' | 'type' | 'number' | 'title'>;
  /** The `from` to carry on: a neighbour on another page of the list names that page. */
  from: string;
  /** In a skill's mixed sequence (`exp/{skill}/{id}`), the link stays on the skill. */
  skill?: Skill;
}

export function exerciseHref(neighbour: Neighbour): string {
  if (neighbour.skill) return `/exp/${neighbour.skill}/${neighbour.item.id}`;
  return `/exp/${neighbour.item.type}/${neighbour.item.id}?from=${encodeURIComponent(neighbour.from)}`;
}

/** The item's place in one page of items and its neighbours there (null at either end). */
export function neighboursIn<T extends { id: string }>(items: readonly T[], id: string) {
  const index = items.findIndex((item) => item.id === id);
  return {
    index,
    previous: index > 0 ? (items[index - 1] ?? null) : null,
    next: index >= 0 && index < items.length - 1 ? (items[index + 1] ?? null) : null,
  };
}
