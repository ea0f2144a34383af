import type { Hierarchy } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function fetchHierarchy(signal?: AbortSignal): Promise<Hierarchy> {
  return post<Hierarchy>('/api/dynamic/hierarchy', {}, { signal });
}

export const hierarchyQueryOptions = queryOptions({
  queryKey: queryKeys.bank.hierarchy,
  queryFn: ({ signal }) => fetchHierarchy(signal),
});

export function useHierarchy() {
  return useQuery(hierarchyQueryOptions);
}
