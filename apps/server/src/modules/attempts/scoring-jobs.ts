import { createHash } from 'node:crypto';
import type { AttemptResult } from '@ninety/contract';
import type { JobContext, JobPolicy, JobQueue } from '../../adapters/queue/job-queue';

/**
 * The scoring jobs: a recording (speech engine) and a written answer of a writing item (speller
 * and grammar checker) are scored by whichever process takes the job — the API server itself by
 * default (WORKERS_IN_PROCESS), or scoring workers of their own (`npm run worker`). Objective
 * answers are scored in the request: it takes microseconds.
 */
export const SCORE_RECORDING = 'score-recording';
export const SCORE_WRITING = 'score-writing';
export const SCORING_QUEUES = [SCORE_RECORDING, SCORE_WRITING] as const;
export type ScoringQueue = (typeof SCORING_QUEUES)[number];

/**
 * Tried three times in all, 2 s and then ~4 s apart: an engine that crashed or timed out on one
 * try is replaced before the next. The expiry (SCORING_JOB_EXPIRE_SECONDS) catches a process that
 * died mid-job: its job is tried again by another worker after that long. Writing is checked in
 * a few seconds at most, so its expiry is shorter.
 */
export function scoringPolicies(expireInSeconds: number): Record<ScoringQueue, JobPolicy> {
  return {
    [SCORE_RECORDING]: { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds },
    [SCORE_WRITING]: {
      retryLimit: 2,
      retryDelaySeconds: 2,
      expireInSeconds: Math.min(60, expireInSeconds),
    },
  };
}

/** What a scoring job carries: the answer and how to store it. */
export type ScoringJobData = {
  userId: number;
  itemId: string;
  timeSpentSeconds: number;
  idempotencyKey: string;
  /** A non-member spends one use when the attempt is stored (practice does). */
  chargeQuota: boolean;
} & (
  | { kind: 'writing'; answer: unknown }
  | { kind: 'recording'; recordingKey: string; durationSeconds: number }
  /**
   * A recording scored against a text rather than a bank item (精听 shadowing): `itemId` only
   * names it for the logs, and no attempt is stored; the caller stores what it needs.
   */
  | { kind: 'reference'; recordingKey: string; durationSeconds: number; referenceText: string }
);

/**
 * A stored attempt, a reference recording's score (its recording kept for the caller), or the
 * reason the answer was refused (no use spent, nothing stored).
 */
export type ScoringJobOutput =
  | { attemptId: number }
  | { reference: { result: AttemptResult; recordingKey: string; durationSeconds: number } }
  | { refused: { code: number; msg: string } };

/**
 * The job of one answer has an id derived from the learner and the answer's idempotency key: a
 * retried upload finds the job its first upload queued instead of queueing a second.
 */
export function scoringJobId(userId: number, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`scoring\n${userId}\n${idempotencyKey}`).digest('hex');
  // Laid out as a version-4 UUID, the type pg-boss keeps job ids in.
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type ScoringJobHandler = (
  data: ScoringJobData,
  job: JobContext & { lastTry: boolean },
) => Promise<ScoringJobOutput>;

/** Declares the scoring queues (every process that queues or takes scoring jobs does). */
export async function defineScoringQueues(
  queue: JobQueue,
  policies: Record<ScoringQueue, JobPolicy>,
): Promise<void> {
  for (const name of SCORING_QUEUES) await queue.define(name, policies[name]);
}

/** Takes scoring jobs in this process: `recordings` and `writings` at a time. */
export async function workScoringQueues(
  queue: JobQueue,
  policies: Record<ScoringQueue, JobPolicy>,
  concurrency: { recordings: number; writings: number },
  handler: ScoringJobHandler,
): Promise<void> {
  for (const name of SCORING_QUEUES) {
    const { retryLimit } = policies[name];
    await queue.work<ScoringJobData, ScoringJobOutput>(
      name,
      name === SCORE_RECORDING ? concurrency.recordings : concurrency.writings,
      (data, job) => handler(data, { ...job, lastTry: job.retryCount >= retryLimit }),
    );
  }
}
