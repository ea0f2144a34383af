import type { MockBlueprintList } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The papers on offer (full, sections, mini mock, level test): public. */
export function fetchBlueprints(signal?: AbortSignal): Promise<MockBlueprintList> {
  return get<MockBlueprintList>('/api/mock/blueprints', undefined, { signal });
}

export function blueprintsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mock.blueprints,
    queryFn: ({ signal }) => fetchBlueprints(signal),
    staleTime: 10 * 60_000,
  });
}

export function useBlueprints() {
  return useQuery(blueprintsQueryOptions());
}
