import type { StudyStats } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** The learner's study minutes and practices: today, in total, the last seven days. Needs a token. */
export function fetchStudyData(signal?: AbortSignal): Promise<StudyStats> {
  return get<StudyStats>('/api/postsV2/findUserStudyData', undefined, { signal });
}

export function studyDataQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.studyData.all,
    queryFn: ({ signal }) => fetchStudyData(signal),
    // Without a token the call would answer 10006 and silence the page's later calls.
    enabled: hasToken,
  });
}

export function useStudyData() {
  return useQuery(studyDataQueryOptions());
}
