import type { MockPaperState } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function paperUrl(paperId: string): string {
  return `/api/mock/papers/${encodeURIComponent(paperId)}`;
}

/**
 * A paper as the server holds it now: the current item, its clock and its saved draft. Asking
 * settles the paper first (an item whose time ran out is submitted), so a reload resumes exactly.
 * Quiet: the exam screen says in place what went wrong.
 */
export function fetchPaper(paperId: string, signal?: AbortSignal): Promise<MockPaperState> {
  return get<MockPaperState>(paperUrl(paperId), undefined, { signal, quiet: true });
}

export function paperQueryOptions(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.mock.paper(paperId),
    queryFn: ({ signal }) => fetchPaper(paperId, signal),
    // The state changes only through the exam's own calls; never refetched behind its back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaper(paperId: string) {
  return useQuery(paperQueryOptions(paperId));
}
