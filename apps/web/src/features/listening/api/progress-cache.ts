import type { ListeningMaterialDetail, ListeningProgress } from '@ninety/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Puts the progress an answer or a save returned into the material's cached details. */
export function withProgress(queryClient: QueryClient, progress: ListeningProgress): void {
  queryClient.setQueryData<ListeningMaterialDetail>(
    queryKeys.listening.detail(progress.materialId),
    (detail) => (detail ? { ...detail, progress } : detail),
  );
}
