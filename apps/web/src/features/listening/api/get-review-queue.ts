import { listeningPaths, type ListeningReviewQueue } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** 今日复习: the cards due now, earliest first, with the counts. */
export function fetchReviewQueue(signal?: AbortSignal): Promise<ListeningReviewQueue> {
  return get<ListeningReviewQueue>(listeningPaths.reviewQueue, undefined, { signal });
}

export function reviewQueueQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listening.reviewQueue,
    queryFn: ({ signal }) => fetchReviewQueue(signal),
    // The queue is worked through card by card; answers refresh it, not the window's focus.
    refetchOnWindowFocus: false,
  });
}

export function useReviewQueue(enabled: boolean) {
  return useQuery({ ...reviewQueueQueryOptions(), enabled });
}
