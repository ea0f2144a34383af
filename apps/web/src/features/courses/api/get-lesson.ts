import { coursesPaths, type LessonDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One lesson: signed media links (none when locked), chapters, neighbours and the position the
 * learner reached on any device.
 */
export function fetchLesson(
  lessonId: string,
  courseId: string,
  signal?: AbortSignal,
): Promise<LessonDetail> {
  return get<LessonDetail>(coursesPaths.lesson(lessonId, courseId || undefined), undefined, {
    signal,
    quiet: true,
  });
}

export const lessonQueryOptions = (lessonId: string, courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courses.lesson(lessonId, courseId),
    queryFn: ({ signal }) => fetchLesson(lessonId, courseId, signal),
    // The player saves as it plays; a refetch would swap the media links under it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // …but a member lesson's links last minutes: coming back to the page asks for new ones.
    gcTime: 0,
  });

export function useLesson(lessonId: string, courseId: string) {
  return useQuery({ ...lessonQueryOptions(lessonId, courseId), enabled: lessonId !== '' });
}
