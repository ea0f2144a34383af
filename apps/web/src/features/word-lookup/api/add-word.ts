import type { AddWordBody, WordBookChange } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** POST /api/words/add: saves the headword; saving twice is harmless. */
export function addWord(body: AddWordBody): Promise<WordBookChange> {
  return post<WordBookChange>('/api/words/add', body);
}

export function useAddWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWord,
    onSuccess: (result) => {
      toast.success(`已将 ${result.word} 加入生词本`);
      // The word book and every card's "saved" flag.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordLookup.all });
    },
  });
}
