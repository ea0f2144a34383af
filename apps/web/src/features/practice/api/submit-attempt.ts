import type { ExamedBody, ExamedResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7 examed: the server scores the answer and stores the attempt. */
export function submitAttempt(body: ExamedBody): Promise<ExamedResult> {
  return post<ExamedResult>('/api/posts/examed', body);
}

export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAttempt,
    onSuccess: (_result, body) => {
      // The uses left (header), the practised marks (lists, 题库) and this item's history moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bank.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.attempts(body.itemId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.item(body.itemId) });
    },
  });
}
