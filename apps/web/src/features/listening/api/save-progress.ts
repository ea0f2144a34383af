import {
  listeningPaths,
  type ListeningProgress,
  type ListeningProgressBody,
} from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import { withProgress } from './progress-cache';

export interface SaveProgress extends ListeningProgressBody {
  materialId: string;
}

/**
 * Where the learner is (the sentence and the mode), saved as they move, so another device opens
 * the material there. Quiet: losing one save only costs a sentence of position.
 */
export function saveProgress({ materialId, ...body }: SaveProgress): Promise<ListeningProgress> {
  return upload<ListeningProgress>(listeningPaths.progress(materialId), JSON.stringify(body), {
    method: 'PUT',
    contentType: 'application/json',
    quiet: true,
  });
}

export function useSaveProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgress,
    onSuccess: (progress) => {
      withProgress(queryClient, progress);
      void queryClient.invalidateQueries({ queryKey: ['listening', 'list'] });
    },
  });
}
