import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  ItemTypeCodeSchema,
  itemTypes,
  type AttemptResult,
  type ExamedResult,
  type ExamedVoiceQuery,
  type Item,
  type RecordingAnswer,
} from '@ninety/contract';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import { AppError, invalidFieldMessage } from '../../lib/app-error';
import type { InFlightCounter } from '../../lib/in-flight-counter';
import { findItem } from '../items/items.repository';
import { energyLeft, isMember } from '../users/quota.service';
import { findUserById } from '../users/users.repository';
import { toAttempt } from './attempts.mapper';
import { findAttemptByKey } from './attempts.repository';
import { storeAttempt, type AttemptsDeps } from './attempts.service';

/**
 * Scores one recording for a speaking item: checks it is a usable WAV (AppError 40001 with the
 * reason otherwise), runs the speech engine and the speaking scorers.
 */
export interface RecordingScorer {
  /** `signal` aborts when the learner has gone: a recording still queued is not decoded. */
  score(
    item: Item,
    wav: Uint8Array,
    options?: { signal?: AbortSignal },
  ): Promise<{ result: AttemptResult; durationSeconds: number }>;
}

export interface VoiceAttemptsDeps extends Pick<
  AttemptsDeps,
  'db' | 'clock' | 'quota' | 'recordingLinks'
> {
  storage: ObjectStorage;
  recordings: RecordingScorer;
  /** Recordings of one learner being scored at once (see RECORDINGS_IN_FLIGHT_PER_USER). */
  inFlight: InFlightCounter;
}

/**
 * A learner records one answer at a time; two in flight allows a retry while the first is still
 * decoding. More is a script or a stuck client, and each costs seconds of a shared worker.
 */
export const RECORDINGS_IN_FLIGHT_PER_USER = 2;

/**
 * A spoken attempt (issue 6): the same rules as a written one — the server scores, a non-member
 * spends one use, a repeated idempotency key returns the first attempt — plus the recording,
 * kept in object storage and linked from the attempt. If storing the attempt fails, the recording
 * is removed again, so nothing is left half-written.
 */
export async function submitVoiceAttempt(
  deps: VoiceAttemptsDeps,
  userId: number,
  query: ExamedVoiceQuery,
  wav: Uint8Array,
  signal?: AbortSignal,
): Promise<ExamedResult> {
  const row = await findItem(deps.db, query.itemId);
  if (!row) throw new AppError(ErrorCode.NotFound, '题目不存在');
  const type = ItemTypeCodeSchema.parse(row.type);
  const info = itemTypes[type];
  if (info.skillArea !== 'speaking') {
    throw new AppError(ErrorCode.InvalidInput, '这道题需要文字作答，不能提交录音');
  }
  if (!info.isScored) throw new AppError(ErrorCode.InvalidInput, '自我介绍不计分，无需提交录音');
  const answer = {
    id: row.id,
    key: row.answerKey as Record<string, unknown>,
    explanationZh: row.explanationZh,
  };

  // A retried upload: the first attempt stands, nothing is scored, stored or spent again.
  const first = await findAttemptByKey(deps.db, userId, query.idempotencyKey);
  if (first) {
    if (first.itemId !== query.itemId) {
      throw new AppError(
        ErrorCode.InvalidInput,
        invalidFieldMessage('查询参数', 'idempotencyKey', '已用于另一次提交'),
      );
    }
    const user = await findUserById(deps.db, userId);
    const now = deps.clock.now();
    const energy = !user || isMember(user, now) ? null : energyLeft(user, deps.quota, now);
    return { attempt: toAttempt(first, deps.recordingLinks), answer, energy };
  }
  // Scoring costs seconds of CPU: a learner with no uses left is told before, not after.
  const user = await findUserById(deps.db, userId);
  const now = deps.clock.now();
  if (user && !isMember(user, now) && energyLeft(user, deps.quota, now) <= 0) {
    throw new AppError(ErrorCode.QuotaUsedUp);
  }

  // The bank's import validated the row's content and key against the type's schemas.
  const item = { id: row.id, type, content: row.content, key: row.answerKey } as Item;
  const leave = deps.inFlight.tryEnter(userId);
  if (!leave) throw new AppError(ErrorCode.TooManyRequests, '上一段录音还在评分，请稍候再提交');
  let scored: Awaited<ReturnType<RecordingScorer['score']>>;
  try {
    scored = await deps.recordings.score(item, wav, signal ? { signal } : {});
  } finally {
    leave();
  }
  const { result, durationSeconds } = scored;
  const key = `recordings/${randomUUID()}.wav`;
  await deps.storage.putIfChanged(key, wav, 'audio/wav');
  const body: RecordingAnswer = {
    recording: { url: deps.storage.publicUrl(key), durationSeconds },
  };
  let stored: ExamedResult;
  try {
    stored = await storeAttempt(deps, userId, {
      itemId: row.id,
      type,
      answer,
      body,
      result,
      timeSpentSeconds: query.timeSpentSeconds,
      idempotencyKey: query.idempotencyKey,
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  // Two uploads with one key raced past the check above: the first attempt stands, and this
  // recording, linked from nothing, goes.
  // (What the attempt hands out is the signed link: compare its path.)
  const linked = (stored.attempt.answer as Partial<RecordingAnswer>).recording?.url;
  if (linked?.split('?', 1)[0] !== body.recording.url) await deps.storage.remove(key);
  return stored;
}
