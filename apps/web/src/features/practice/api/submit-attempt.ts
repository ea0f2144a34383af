import type { ExamedBody, ExamedResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { attemptHistoryQueryKey } from './get-attempt-history';
import { itemDetailQueryKey } from './get-item-detail';

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
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
      void queryClient.invalidateQueries({ queryKey: ['bank'] });
      void queryClient.invalidateQueries({ queryKey: attemptHistoryQueryKey(body.itemId) });
      void queryClient.invalidateQueries({ queryKey: itemDetailQueryKey(body.itemId) });
    },
  });
}
