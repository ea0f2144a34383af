import {
  listeningPaths,
  type ListeningListQuery,
  type ListeningMaterialList,
} from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const MATERIALS_PER_PAGE = 20;

/** The filters of the list as the page holds them (page and size added here). */
export type MaterialFilters = Omit<ListeningListQuery, 'page' | 'perPage'> & { page: number };

/** The materials matching the filters; each with the learner's progress when signed in. */
export function fetchMaterials(
  filters: MaterialFilters,
  signal?: AbortSignal,
): Promise<ListeningMaterialList> {
  return get<ListeningMaterialList>(
    listeningPaths.list,
    { ...filters, perPage: MATERIALS_PER_PAGE },
    { signal },
  );
}

export function materialsQueryOptions(filters: MaterialFilters) {
  return queryOptions({
    queryKey: queryKeys.listening.list(filters),
    queryFn: ({ signal }) => fetchMaterials(filters, signal),
    // A new filter keeps the last rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useMaterials(filters: MaterialFilters) {
  return useQuery(materialsQueryOptions(filters));
}
