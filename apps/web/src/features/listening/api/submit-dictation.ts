import {
  listeningPaths,
  type ListeningDictationBody,
  type ListeningDictationResult,
} from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { withProgress } from './progress-cache';

export interface Dictation extends ListeningDictationBody {
  materialId: string;
  index: number;
}

/**
 * One sentence written down: the server diffs it against the transcript (WFD normalisation),
 * scores it, puts the missed words in the word book and, when not all right, the sentence in the
 * review deck; from 今日复习 the card is graded too.
 */
export function submitDictation({
  materialId,
  index,
  ...body
}: Dictation): Promise<ListeningDictationResult> {
  return post<ListeningDictationResult>(listeningPaths.dictation(materialId, index), body);
}

export function useSubmitDictation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDictation,
    onSuccess: (result) => {
      withProgress(queryClient, result.progress);
      void queryClient.invalidateQueries({ queryKey: ['listening', 'list'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.listening.review });
      if (result.addedToWordBook.length > 0) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.wordLookup.all });
      }
    },
  });
}
