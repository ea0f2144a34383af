import type { HighFrequency } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** One weekly list, grouped by type; without a week, the current one. */
export function fetchHighFrequency(week?: string, signal?: AbortSignal): Promise<HighFrequency> {
  return get<HighFrequency>('/api/postsV2/highFrequency', { week }, { signal });
}

export function highFrequencyQueryOptions(week?: string) {
  return queryOptions({
    queryKey: queryKeys.bank.highFrequency(week),
    queryFn: ({ signal }) => fetchHighFrequency(week, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHighFrequency(week?: string) {
  return useQuery(highFrequencyQueryOptions(week));
}
