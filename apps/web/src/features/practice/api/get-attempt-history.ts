import type { AttemptHistory } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in learner's own attempts on an item, newest first. */
export function fetchAttemptHistory(itemId: string, signal?: AbortSignal): Promise<AttemptHistory> {
  return get<AttemptHistory>('/api/posts/attempts', { itemId }, { signal });
}

export function attemptHistoryQueryOptions(itemId: string, enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.practice.attempts(itemId),
    queryFn: ({ signal }) => fetchAttemptHistory(itemId, signal),
    enabled,
  });
}

export function useAttemptHistory(itemId: string, enabled: boolean) {
  return useQuery(attemptHistoryQueryOptions(itemId, enabled));
}
