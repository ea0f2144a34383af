import type { ExamedResult, ScoringPending } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload, withQuery } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { untilScored } from './scoring-result';

export const EXAMED_VOICE_URL = '/api/posts/examedVoice';

export interface VoiceAttempt {
  itemId: string;
  /** PCM16 mono 16 kHz WAV (speech-engine §7.2). */
  wav: Blob;
  timeSpentSeconds: number;
  /** One per recording: a retried upload is scored and stored once. */
  idempotencyKey: string;
  /** Aborted on redo or when the page goes. */
  signal?: AbortSignal;
}

/**
 * A spoken answer: the WAV as the raw body, the rest in the query (a raw body has no room for
 * fields). The answer is the examed envelope: the server's score of it, the key and uses left;
 * at a busy hour the recording may still be queued when the server answers, and its score is
 * then asked for until it is in.
 */
export async function submitVoiceAttempt(attempt: VoiceAttempt): Promise<ExamedResult> {
  const url = withQuery(EXAMED_VOICE_URL, {
    itemId: attempt.itemId,
    idempotencyKey: attempt.idempotencyKey,
    timeSpentSeconds: attempt.timeSpentSeconds,
  });
  const first = await upload<ExamedResult | ScoringPending>(url, attempt.wav, {
    method: 'POST',
    contentType: 'audio/wav',
    signal: attempt.signal,
  });
  const query = { itemId: attempt.itemId, idempotencyKey: attempt.idempotencyKey };
  return untilScored(first, query, attempt.signal);
}

export function useSubmitVoiceAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVoiceAttempt,
    onSuccess: (_result, attempt) => {
      // As for a written attempt: uses left, practised marks and this item's history moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bank.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.attempts(attempt.itemId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.item(attempt.itemId) });
    },
  });
}
