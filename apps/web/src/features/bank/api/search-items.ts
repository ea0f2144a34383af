import { FUZZY_PAGE_SIZE, type FuzzyResult } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7: perPage=30, page, content, isReal, optional termId. */
export function fetchSearch(content: string, page = 1, signal?: AbortSignal): Promise<FuzzyResult> {
  return get<FuzzyResult>(
    '/api/posts/getfuzzy',
    { perPage: FUZZY_PAGE_SIZE, page, content },
    // A search box fails quietly: its dropdown says so, no toast over the page.
    { signal, quiet: true },
  );
}

export function searchQueryOptions(content: string) {
  const trimmed = content.trim();
  return queryOptions({
    queryKey: queryKeys.bank.search(trimmed),
    queryFn: ({ signal }) => fetchSearch(trimmed, 1, signal),
    enabled: trimmed.length > 0,
    staleTime: 60_000,
  });
}

export function useSearch(content: string) {
  return useQuery(searchQueryOptions(content));
}
