import {
  isScoringPending,
  type ExamedResult,
  type ScoringPending,
  type ScoringResultQuery,
} from '@ninety/contract';
import { get } from '../../../lib/http';

export const SCORING_RESULT_URL = '/api/posts/scoringResult';

/** The score of an answer the server said it is still scoring (202 from examed/examedVoice). */
export function fetchScoringResult(
  query: ScoringResultQuery,
  signal?: AbortSignal,
): Promise<ExamedResult | ScoringPending> {
  return get<ExamedResult | ScoringPending>(SCORING_RESULT_URL, { ...query }, { signal });
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
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
 * A submission's answer, asked again while it is still being scored: at a busy hour a recording
 * may wait for a scoring worker longer than the server holds a request. Each ask itself waits on
 * the server for the score, so this loops only when the queue is long.
 */
export async function untilScored(
  first: ExamedResult | ScoringPending,
  query: ScoringResultQuery,
  signal?: AbortSignal,
): Promise<ExamedResult> {
  let result = first;
  while (isScoringPending(result)) {
    await wait(result.retryAfterSeconds * 1000, signal);
    result = await fetchScoringResult(query, signal);
  }
  return result;
}
