import type { RemoveWordBody, WordBookChange } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** POST /api/words/remove: removing a word that is not saved is fine. */
export function removeWord(body: RemoveWordBody): Promise<WordBookChange> {
  return post<WordBookChange>('/api/words/remove', body);
}

export function useRemoveWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWord,
    onSuccess: (result) => {
      toast.success(`已将 ${result.word} 移出生词本`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wordLookup.all });
    },
  });
}
