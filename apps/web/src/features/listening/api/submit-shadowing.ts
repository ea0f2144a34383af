import {
  isShadowingPending,
  listeningPaths,
  type ListeningShadowingPending,
  type ListeningShadowingResult,
} from '@ninety/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { get, upload, withQuery } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { withProgress } from './progress-cache';

export interface Shadowing {
  materialId: string;
  index: number;
  /** PCM16 mono 16 kHz WAV, as the item runner's speaking take records it. */
  wav: Blob;
  /** One per recording, kept across retries (the take's): the server scores it once. */
  idempotencyKey: string;
  reviewCardId?: number;
  signal?: AbortSignal;
}

type Answer = ListeningShadowingResult | ListeningShadowingPending;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });

/**
 * One sentence repeated into the microphone: the WAV as the raw body, queued for the speech
 * engine as practice recordings are and scored against the sentence (words coloured as in
 * practice); a weak try enters the review deck. At a busy hour the take may wait for a scoring
 * worker longer than the server holds the request (202): it is asked for again until scored, as
 * practice does. Quiet: the shadowing panel says in place what went wrong and offers to send
 * again.
 */
export async function submitShadowing({
  materialId,
  index,
  wav,
  idempotencyKey,
  reviewCardId,
  signal,
}: Shadowing): Promise<ListeningShadowingResult> {
  const path = listeningPaths.shadowing(materialId, index);
  const card = reviewCardId === undefined ? {} : { reviewCardId };
  let answer = await upload<Answer>(withQuery(path, { idempotencyKey, ...card }), wav, {
    method: 'POST',
    contentType: 'audio/wav',
    signal,
    quiet: true,
  });
  while (isShadowingPending(answer)) {
    await wait(answer.retryAfterSeconds * 1000, signal);
    answer = await get<Answer>(
      path,
      { idempotencyKey: answer.idempotencyKey, ...card },
      { signal, quiet: true },
    );
  }
  return answer;
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
