import { listeningPaths, type ListeningMaterialDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One material: the recording, its sentences with their cues and translations, and (signed in)
 * the learner's progress, so another device continues where the last one stopped.
 */
export function fetchMaterial(
  materialId: string,
  signal?: AbortSignal,
): Promise<ListeningMaterialDetail> {
  return get<ListeningMaterialDetail>(listeningPaths.detail(materialId), undefined, {
    signal,
    quiet: true,
  });
}

export function materialQueryOptions(materialId: string) {
  return queryOptions({
    queryKey: queryKeys.listening.detail(materialId),
    queryFn: ({ signal }) => fetchMaterial(materialId, signal),
    // The page's own answers update the progress in place; a refetch would move the learner.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useMaterial(materialId: string) {
  return useQuery({ ...materialQueryOptions(materialId), enabled: materialId !== '' });
}
