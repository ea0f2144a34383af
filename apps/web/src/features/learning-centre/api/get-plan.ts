import type { StudyPlan } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** Today's study plan from the goal and recent results. Needs a token. */
export function fetchStudyPlan(signal?: AbortSignal): Promise<StudyPlan> {
  return get<StudyPlan>('/api/learning-centre/plan', undefined, { signal });
}

export function fetchStudyPlanQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.plan,
    queryFn: ({ signal }) => fetchStudyPlan(signal),
    enabled: hasToken,
  });
}

export function useStudyPlan() {
  return useQuery(fetchStudyPlanQueryOptions());
}
