import {
  STUDY_TYPE_PRACTICE,
  STUDY_TYPE_TIME,
  type SaveTimedOrCountQuery,
  type StudyStats,
} from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Spec §7 saveTimedOrCount: `type 1, business {seconds}` adds study time, `type 2, business 1`
 * counts a practice. Quiet: it runs in the background every minute, so a failure must not toast
 * (a session that ended is still handled by the HTTP client).
 */
export function saveTimedOrCount(query: SaveTimedOrCountQuery): Promise<StudyStats> {
  return get<StudyStats>(
    '/api/postsV2/saveTimedOrCount',
    { type: query.type, business: query.business },
    { quiet: true },
  );
}

export const studySecondsQuery = (seconds: number): SaveTimedOrCountQuery => ({
  type: STUDY_TYPE_TIME,
  business: seconds,
});

/** One practice (spec §7); the server keeps the larger of these reports and its own attempt count per day. */
export const practiceQuery: SaveTimedOrCountQuery = { type: STUDY_TYPE_PRACTICE, business: 1 };

export function useSaveTimedOrCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimedOrCount,
    // The answer is the learner's fresh figures: the study-data page shows them without a refetch.
    onSuccess: (stats) => queryClient.setQueryData(queryKeys.studyData.all, stats),
  });
}
