import { materialPaths, type MaterialList } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The catalogue: every topic and pack with its price (and, signed in, whether it is owned). */
export function fetchMaterials(signal?: AbortSignal): Promise<MaterialList> {
  return get<MaterialList>(materialPaths.list, undefined, { signal, quiet: true });
}

export function materialsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.materials.list,
    queryFn: ({ signal }) => fetchMaterials(signal),
  });
}

export function useMaterials() {
  return useQuery(materialsQueryOptions());
}
