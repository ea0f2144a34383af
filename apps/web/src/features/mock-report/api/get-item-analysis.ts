import type { MockItemAnalysis } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** One item of a finished paper: content, key, 解析 and the learner's answer. Public. */
export function fetchItemAnalysis(
  paperId: string,
  index: number,
  signal?: AbortSignal,
): Promise<MockItemAnalysis> {
  return get<MockItemAnalysis>(
    `/api/mock/reports/${encodeURIComponent(paperId)}/items/${index}`,
    undefined,
    { signal, quiet: true },
  );
}

export function itemAnalysisQueryOptions(paperId: string, index: number) {
  return queryOptions({
    queryKey: queryKeys.mock.analysis(paperId, index),
    queryFn: ({ signal }) => fetchItemAnalysis(paperId, index, signal),
    staleTime: 60_000,
  });
}

export function useItemAnalysis(paperId: string, index: number) {
  return useQuery(itemAnalysisQueryOptions(paperId, index));
}
