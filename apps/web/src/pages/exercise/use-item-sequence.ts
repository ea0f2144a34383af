import { useQuery } from '@tanstack/react-query';
import { filtersFromUrl, itemListQueryOptions, listUrl } from '../../features/bank';
import { favoritesQueryOptions } from '../../features/favorites';
import { neighboursIn, type Neighbour, type SequenceSource } from './item-sequence';

export interface ItemSequence {
  /** 1-based place in the whole list, and its length. */
  position: number;
  total: number;
  previous: Neighbour | null;
  next: Neighbour | null;
}

/**
 * The previous and next item of the list the learner came from. A question list is paged: at
 * either end of a page the neighbouring page is fetched (the list page usually has it cached).
 */
export function useItemSequence(
  source: SequenceSource | null,
  itemId: string,
): ItemSequence | null {
  const filters = source?.kind === 'list' ? source.filters : null;
  const page = useQuery({
    ...itemListQueryOptions(filters ?? { ...placeholderFilters }),
    enabled: filters !== null,
  });
  const here = page.data ? neighboursIn(page.data.list, itemId) : null;
  const atStart = filters !== null && here !== null && here.index === 0 && filters.page > 1;
  const lastPage = page.data ? Math.ceil(page.data.total / (filters?.perPage ?? 1)) : 0;
  const atEnd =
    filters !== null &&
    here !== null &&
    page.data !== undefined &&
    here.index === page.data.list.length - 1 &&
    filters.page < lastPage;
  const before = useQuery({
    ...itemListQueryOptions({ ...(filters ?? placeholderFilters), page: (filters?.page ?? 1) - 1 }),
    enabled: atStart,
  });
  const after = useQuery({
    ...itemListQueryOptions({ ...(filters ?? placeholderFilters), page: (filters?.page ?? 1) + 1 }),
    enabled: atEnd,
  });
  const favorites = useQuery({
    ...favoritesQueryOptions(source?.kind === 'favorites' ? source.label : -1),
    enabled: source?.kind === 'favorites',
  });

  if (source?.kind === 'list' && filters && page.data && here && here.index >= 0) {
    const from = (pageNumber: number) => listUrl({ ...filters, page: pageNumber });
    const previousItem = here.previous ?? (atStart ? before.data?.list.at(-1) : undefined);
    const nextItem = here.next ?? (atEnd ? after.data?.list[0] : undefined);
    return {
      position: (filters.page - 1) * filters.perPage + here.index + 1,
      total: page.data.total,
      previous: previousItem
        ? { item: previousItem, from: here.previous ? source.path : from(filters.page - 1) }
        : null,
      next: nextItem
        ? { item: nextItem, from: here.next ? source.path : from(filters.page + 1) }
        : null,
    };
  }
  if (source?.kind === 'favorites' && favorites.data) {
    const items = favorites.data.list.filter(
      (item) => source.code === null || item.type === source.code,
    );
    const there = neighboursIn(items, itemId);
    if (there.index < 0) return null;
    return {
      position: there.index + 1,
      total: items.length,
      previous: there.previous ? { item: there.previous, from: source.path } : null,
      next: there.next ? { item: there.next, from: source.path } : null,
    };
  }
  return null;
}

/** Filters for the disabled queries when the source is not a question list (never fetched). */
const placeholderFilters = filtersFromUrl('WFD', '1', new URLSearchParams());
