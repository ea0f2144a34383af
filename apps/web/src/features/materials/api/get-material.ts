import { materialPaths, type MaterialDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** One material: contents, sample, price, the items it includes and whether it is owned. */
export function fetchMaterial(id: string, signal?: AbortSignal): Promise<MaterialDetail> {
  return get<MaterialDetail>(materialPaths.detail(id), undefined, { signal, quiet: true });
}

export function materialQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.materials.detail(id),
    queryFn: ({ signal }) => fetchMaterial(id, signal),
  });
}

export function useMaterial(id: string) {
  return useQuery({ ...materialQueryOptions(id), enabled: /^\d{1,6}$/.test(id) });
}
