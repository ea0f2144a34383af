import type { LearningOverview } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** 学习中心 figures in the learner's time zone: days, streak, hours, types, this week's weakest. Needs a token. */
export function fetchLearningOverview(signal?: AbortSignal): Promise<LearningOverview> {
  return get<LearningOverview>('/api/learning-centre/overview', undefined, { signal });
}

export function fetchLearningOverviewQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.overview,
    queryFn: ({ signal }) => fetchLearningOverview(signal),
    enabled: hasToken,
  });
}

export function useLearningOverview() {
  return useQuery(fetchLearningOverviewQueryOptions());
}
