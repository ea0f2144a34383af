import type { LearningProfile } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** The learner's time zone, goal, exam date and daily minutes. Needs a token. */
export function fetchLearningProfile(signal?: AbortSignal): Promise<LearningProfile> {
  return get<LearningProfile>('/api/learning-centre/profile', undefined, { signal });
}

export function fetchLearningProfileQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.profile,
    queryFn: ({ signal }) => fetchLearningProfile(signal),
    enabled: hasToken,
  });
}

export function useLearningProfile() {
  return useQuery(fetchLearningProfileQueryOptions());
}
