import type { AttemptHistory } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';

/** The signed-in learner's own attempts on an item, newest first. */
export function fetchAttemptHistory(itemId: string, signal?: AbortSignal): Promise<AttemptHistory> {
  return get<AttemptHistory>('/api/posts/attempts', { itemId }, { signal });
}

export const attemptHistoryQueryKey = (itemId: string) => ['practice', 'attempts', itemId] as const;

export function attemptHistoryQueryOptions(itemId: string, enabled: boolean) {
  return queryOptions({
    queryKey: attemptHistoryQueryKey(itemId),
    queryFn: ({ signal }) => fetchAttemptHistory(itemId, signal),
    enabled,
  });
}

export function useAttemptHistory(itemId: string, enabled: boolean) {
  return useQuery(attemptHistoryQueryOptions(itemId, enabled));
}
