import type { Hierarchy } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export function fetchHierarchy(signal?: AbortSignal): Promise<Hierarchy> {
  return post<Hierarchy>('/api/dynamic/hierarchy', {}, { signal });
}

export const hierarchyQueryOptions = queryOptions({
  queryKey: ['bank', 'hierarchy'],
  queryFn: ({ signal }) => fetchHierarchy(signal),
});

export function useHierarchy() {
  return useQuery(hierarchyQueryOptions);
}
