import type { ExamedBody, ExamedResult, ScoringPending } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { untilScored } from './scoring-result';

/**
 * Spec §7 examed: the server scores the answer and stores the attempt. An essay may still be in
 * the scoring queue when the server answers (202): then its score is asked for until it is in.
 */
export async function submitAttempt(body: ExamedBody): Promise<ExamedResult> {
  const first = await post<ExamedResult | ScoringPending>('/api/posts/examed', body);
  return untilScored(first, { itemId: body.itemId, idempotencyKey: body.idempotencyKey });
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
