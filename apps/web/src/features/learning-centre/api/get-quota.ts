import type { QuotaInfo } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** The uses a non-member gets, has left, and when they come back. Needs a token. */
export function fetchQuotaInfo(signal?: AbortSignal): Promise<QuotaInfo> {
  return get<QuotaInfo>('/api/learning-centre/quota', undefined, { signal });
}

export function fetchQuotaInfoQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.quota,
    queryFn: ({ signal }) => fetchQuotaInfo(signal),
    enabled: hasToken,
  });
}

export function useQuotaInfo() {
  return useQuery(fetchQuotaInfoQueryOptions());
}
