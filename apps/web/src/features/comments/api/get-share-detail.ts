import type { ShareDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One share for its public page. Quiet: the page says itself that a share is gone, which is the
 * usual way a link fails, so a toast would only repeat it.
 */
export function fetchShareDetail(
  id: string,
  questionId: string | undefined,
  signal?: AbortSignal,
): Promise<ShareDetail> {
  return get<ShareDetail>(
    '/api/questionsComment/detail',
    { id, questionId },
    { signal, quiet: true },
  );
}

export function shareDetailQueryOptions(id: string, questionId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.comments.shareDetail(id, questionId),
    queryFn: ({ signal }) => fetchShareDetail(id, questionId, signal),
  });
}

export function useShareDetail(id: string, questionId: string | undefined) {
  return useQuery(shareDetailQueryOptions(id, questionId));
}
