import { coursesPaths, type CourseList } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Every course and series, with how many lessons the learner has finished in each. */
export function fetchCourses(signal?: AbortSignal): Promise<CourseList> {
  return get<CourseList>(coursesPaths.list, undefined, { signal, quiet: true });
}

export const coursesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.courses.list, queryFn: ({ signal }) => fetchCourses(signal) });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
