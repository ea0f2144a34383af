import type { ExamedResult, ScoringPending } from './attempts';

/**
 * Attempts' plain constants and the pending check, without zod: `attempts.ts` builds the schemas
 * and re-exports these, so the exercise page, which reads a submit's answer with
 * `isScoringPending`, loads no zod (issue 23).
 */

/** The longest an attempt may claim to have taken (a whole mock exam is shorter). */
export const ATTEMPT_MAX_SECONDS = 4 * 3600;

/**
 * The largest recording accepted: the longest answer (SGD, 120 s) of 16 kHz mono PCM16 with room
 * to spare, 32 kB a second.
 */
export const RECORDING_MAX_BYTES = 150 * 32_000 + 44;

/** How many past attempts the history returns. */
export const ATTEMPT_HISTORY_SIZE = 20;

export const isScoringPending = (result: ExamedResult | ScoringPending): result is ScoringPending =>
  'status' in result && result.status === 'scoring';
