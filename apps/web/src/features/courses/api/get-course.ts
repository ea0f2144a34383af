import { coursesPaths, type CourseDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** One course's lessons in order, each free or locked, with the learner's progress. */
export function fetchCourse(courseId: string, signal?: AbortSignal): Promise<CourseDetail> {
  return get<CourseDetail>(coursesPaths.detail(courseId), undefined, { signal, quiet: true });
}

export const courseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courses.detail(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
  });

export function useCourse(courseId: string) {
  return useQuery({ ...courseQueryOptions(courseId), enabled: courseId !== '' });
}
