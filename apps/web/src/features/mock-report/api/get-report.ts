import type { MockReport } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** While a paper is scored the report is asked for again this often. */
export const REPORT_POLL_MS = 2000;

/** A paper's report, public by its unguessable id (the owner sees more). Quiet: shown in place. */
export function fetchReport(paperId: string, signal?: AbortSignal): Promise<MockReport> {
  return get<MockReport>(`/api/mock/reports/${encodeURIComponent(paperId)}`, undefined, {
    signal,
    quiet: true,
  });
}

export function reportQueryOptions(paperId: string) {
  return queryOptions({
    queryKey: queryKeys.mock.report(paperId),
    queryFn: ({ signal }) => fetchReport(paperId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'scoring' ? REPORT_POLL_MS : false),
  });
}

export function useReport(paperId: string) {
  return useQuery(reportQueryOptions(paperId));
}
