import { listeningPaths, type ListeningShadowingResult } from '@ninety/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { upload, withQuery } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { withProgress } from './progress-cache';

export interface Shadowing {
  materialId: string;
  index: number;
  /** PCM16 mono 16 kHz WAV, as the item runner's speaking take records it. */
  wav: Blob;
  reviewCardId?: number;
  signal?: AbortSignal;
}

/**
 * One sentence repeated into the microphone: the WAV as the raw body, scored by the speech engine
 * against the sentence (words coloured as in practice); a weak try enters the review deck.
 * Quiet: the shadowing panel says in place what went wrong and offers to send again.
 */
export function submitShadowing({
  materialId,
  index,
  wav,
  reviewCardId,
  signal,
}: Shadowing): Promise<ListeningShadowingResult> {
  const url = withQuery(
    listeningPaths.shadowing(materialId, index),
    reviewCardId === undefined ? {} : { reviewCardId },
  );
  return upload<ListeningShadowingResult>(url, wav, {
    method: 'POST',
    contentType: 'audio/wav',
    signal,
    quiet: true,
  });
}

/** What a scored try changes elsewhere: the material's progress, the list, the review deck. */
export function afterShadowing(queryClient: QueryClient, result: ListeningShadowingResult): void {
  withProgress(queryClient, result.progress);
  void queryClient.invalidateQueries({ queryKey: ['listening', 'list'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.listening.review });
}

/**
 * The recording is taken by the item runner's speaking take, which calls the submit itself; this
 * gives it a submit that also refreshes what the result changed.
 */
export function useSubmitShadowing() {
  const queryClient = useQueryClient();
  return async (shadowing: Shadowing) => {
    const result = await submitShadowing(shadowing);
    afterShadowing(queryClient, result);
    return result;
  };
}
