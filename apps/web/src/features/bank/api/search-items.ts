import { FUZZY_PAGE_SIZE, type FuzzyResult, type ItemTypeCode } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The header search's two filters: 真题 only (isReal) and one item type (termId). */
export interface SearchFilters {
  isReal?: boolean;
  termId?: ItemTypeCode;
}

/** Spec §7: perPage=30, page, content, isReal, optional termId (a falsy isReal is left out). */
export function searchQueryParams(content: string, page = 1, filters: SearchFilters = {}) {
  return {
    perPage: FUZZY_PAGE_SIZE,
    page,
    content,
    ...(filters.isReal ? { isReal: 1 } : {}),
    ...(filters.termId ? { termId: filters.termId } : {}),
  };
}

export function fetchSearch(
  content: string,
  page = 1,
  signal?: AbortSignal,
  filters: SearchFilters = {},
): Promise<FuzzyResult> {
  return get<FuzzyResult>(
    '/api/posts/getfuzzy',
    searchQueryParams(content, page, filters),
    // A search box fails quietly: its dropdown says so, no toast over the page.
    { signal, quiet: true },
  );
}

export function searchQueryOptions(content: string, filters: SearchFilters = {}) {
  const trimmed = content.trim();
  const key = { isReal: filters.isReal ?? false, termId: filters.termId ?? null };
  return queryOptions({
    queryKey: queryKeys.bank.search(trimmed, key),
    queryFn: ({ signal }) => fetchSearch(trimmed, 1, signal, filters),
    enabled: trimmed.length > 0,
    staleTime: 60_000,
  });
}

export function useSearch(content: string, filters: SearchFilters = {}) {
  return useQuery(searchQueryOptions(content, filters));
}
