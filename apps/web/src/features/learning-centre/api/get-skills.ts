import type { LearningSkills } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** The four skills' estimate per week, and finished mock exams with their ranges. Needs a token. */
export function fetchLearningSkills(signal?: AbortSignal): Promise<LearningSkills> {
  return get<LearningSkills>('/api/learning-centre/skills', undefined, { signal });
}

export function fetchLearningSkillsQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.skills,
    queryFn: ({ signal }) => fetchLearningSkills(signal),
    enabled: hasToken,
  });
}

export function useLearningSkills() {
  return useQuery(fetchLearningSkillsQueryOptions());
}
