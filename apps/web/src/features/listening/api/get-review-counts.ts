import { listeningPaths, type ListeningReviewCounts } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** How many review cards are due now and today, and the deck's size (shown on the list). */
export function fetchReviewCounts(signal?: AbortSignal): Promise<ListeningReviewCounts> {
  return get<ListeningReviewCounts>(listeningPaths.reviewCounts, undefined, {
    signal,
    quiet: true,
  });
}

export function reviewCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listening.reviewCounts,
    queryFn: ({ signal }) => fetchReviewCounts(signal),
  });
}

export function useReviewCounts(enabled: boolean) {
  return useQuery({ ...reviewCountsQueryOptions(), enabled });
}
