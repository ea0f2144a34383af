import type { MockRecordList } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const RECORDS_PER_PAGE = 20;

/** The learner's papers, newest first (discarded ones left out). */
export function fetchRecords(page: number, signal?: AbortSignal): Promise<MockRecordList> {
  return get<MockRecordList>(
    '/api/mock/papers',
    { page, perPage: RECORDS_PER_PAGE },
    { signal, quiet: true },
  );
}

export function recordsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.mock.records(page),
    queryFn: ({ signal }) => fetchRecords(page, signal),
    placeholderData: keepPreviousData,
    // A paper being scored moves to ready on its own: ask again while one is.
    refetchInterval: (query) =>
      query.state.data?.list.some((record) => record.status === 'scoring') ? 3000 : false,
  });
}

export function useRecords(page: number, enabled = true) {
  return useQuery({ ...recordsQueryOptions(page), enabled });
}
