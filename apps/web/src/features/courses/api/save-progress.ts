import { coursesPaths, type LessonProgress, type LessonProgressBody } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestHeaders, upload } from '../../../lib/http';

export interface SaveLessonProgress extends LessonProgressBody {
  lessonId: string;
}

/** Where the learner is in a lesson (and whether it is done), so another device continues there. */
export function saveLessonProgress({
  lessonId,
  ...body
}: SaveLessonProgress): Promise<LessonProgress> {
  return upload<LessonProgress>(coursesPaths.progress(lessonId), JSON.stringify(body), {
    method: 'PUT',
    contentType: 'application/json',
    quiet: true,
  });
}

/**
 * The same save as the page goes away (pagehide): fetch with keepalive outlives the page and,
 * unlike sendBeacon, carries the standard headers and the token.
 */
export function saveLessonProgressOnLeave({ lessonId, ...body }: SaveLessonProgress): void {
  try {
    void fetch(coursesPaths.progress(lessonId), {
      method: 'PUT',
      body: JSON.stringify(body),
      keepalive: true,
      headers: requestHeaders({ 'content-type': 'application/json' }),
    }).catch(() => undefined);
  } catch {
    // Best effort: the last periodic save is at most ~10 s behind.
  }
}

export function useSaveLessonProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLessonProgress,
    onSuccess: (_progress, variables) => {
      // Lists show done counts; the open lesson keeps its own state (its links must not change).
      if (variables.done) void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['courses', 'detail'] });
    },
  });
}
