import type { ItemList } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The whole folder fits one page of the API's largest size for any real learner. */
export const FAVORITES_PAGE_SIZE = 100;

/** Spec §7 queryUserFavorite: `label` '' or -1 for all, 1–4 for one colour. */
export function fetchFavorites(label: number, page = 1, signal?: AbortSignal): Promise<ItemList> {
  return get<ItemList>(
    '/api/userCollect/queryUserFavorite',
    { label, page, perPage: FAVORITES_PAGE_SIZE },
    { signal },
  );
}

export function favoritesQueryOptions(label: number, page = 1) {
  return queryOptions({
    queryKey: queryKeys.favorites.list(label, page),
    queryFn: ({ signal }) => fetchFavorites(label, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFavorites(label: number, page = 1) {
  return useQuery(favoritesQueryOptions(label, page));
}
