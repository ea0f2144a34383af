import { randomUUID } from 'node:crypto';
import {
  answerProblems,
  ATTEMPT_HISTORY_SIZE,
  CURRENT_SCORING_PROFILE_ID,
  ErrorCode,
  isWrittenType,
  ItemTypeCodeSchema,
  itemTypes,
  type AttemptHistory,
  type AttemptResult,
  type ExamedResult,
  type Item,
  type ItemAnswer,
  type RecordingAnswer,
} from '@ninety/contract';
import {
  isObjectiveItem,
  isWritingItem,
  knownWordsOf,
  scoreObjective,
  scoreWriting,
  type ObjectiveItem,
  type WritingItem,
} from '@ninety/scoring';
import type { LanguageTools } from '@ninety/scoring/language-tools';
import type { AppContext } from '../../app-context';
import { recordingKey } from '../../adapters/storage/media-keys';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { AppError, invalidBodyField, invalidFieldMessage } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { InFlightCounter } from '../../lib/in-flight-counter';
import type { RecordingLinks } from '../../lib/recording-links';
import { requireItem, toItemAnswer, type ItemRecord } from '../items/items.service';
import {
  currentEnergy,
  requireEnergyLeft,
  spendEnergy,
  type QuotaPolicy,
} from '../users/users.service';
import { toAttempt } from './attempts.mapper';
import type { RecordingScorer } from './recording-scorer';
import {
  findAttemptByKey,
  insertAttempt,
  listAttempts,
  recordPractice,
  type AttemptRow,
} from './attempts.repository';

/**
 * A learner records one answer at a time; two in flight allows a retry while the first is still
 * decoding. More is a script or a stuck client, and each costs seconds of a shared worker.
 */
export const RECORDINGS_IN_FLIGHT_PER_USER = 2;

/** What scoring and storing attempts needs; built once in app.ts from the app context. */
export interface AttemptsContext {
  db: Db;
  clock: Clock;
  quota: QuotaPolicy;
  /** Signs the links to recordings in what leaves the server. */
  recordingLinks: RecordingLinks;
  /** The speller and grammar checker of the writing traits, loaded on first use. */
  languageTools: () => Promise<LanguageTools>;
  /** Where recordings are kept. */
  storage: ObjectStorage;
  recordings: RecordingScorer;
  /** Recordings of one learner being scored at once (see RECORDINGS_IN_FLIGHT_PER_USER). */
  inFlight: InFlightCounter;
}

/** What attempts use of the app context; one in-flight counter for every route that scores. */
export const attemptsContext = (context: AppContext): AttemptsContext => ({
  db: context.db,
  clock: context.clock,
  quota: context.quota,
  recordingLinks: context.recordingLinks,
  languageTools: context.languageTools,
  storage: context.storage,
  recordings: context.recordings,
  inFlight: context.recordingsInFlight,
});

/** One learner's answer to one item: typed or chosen (written), or a recording (spoken). */
export type Submission = {
  userId: number;
  itemId: string;
  timeSpentSeconds: number;
  idempotencyKey: string;
} & (
  | { kind: 'written'; answer: unknown }
  | { kind: 'recording'; wav: Uint8Array; signal?: AbortSignal }
);

export interface ScoreAndStoreOptions {
  /** A non-member spends one use per scored attempt (practice does). */
  chargeQuota: boolean;
  context: AttemptsContext;
}

/** What the learner's answer is stored as, and its score. */
interface Scored {
  /** The item's own type. */
  type: string;
  body: unknown;
  result: AttemptResult;
}

/**
 * The one command that turns a learner's answer into a stored attempt (spec §7 examed and
 * examedVoice; mock exams and intensive listening use it too): item → scoring → quota → store.
 *
 * - The item must exist (40401) and be answered the way its type is (text or recording).
 * - An idempotency key already used returns the attempt it stored, scoring and spending nothing;
 *   used on another item, it is refused (40001).
 * - A non-member with no uses left is refused (40301) before scoring; the use is spent in the
 *   same transaction as the insert, so a refused spend stores nothing and a failed insert spends
 *   nothing. A recording the engine could not hear is stored but spends nothing.
 * - A recording is kept in storage and linked from the attempt; if the attempt is not stored, or
 *   a racing upload with the same key stored first, the recording is removed again.
 */
export async function scoreAndStore(
  submission: Submission,
  { chargeQuota, context }: ScoreAndStoreOptions,
): Promise<ExamedResult> {
  const row = await requireItem(context, submission.itemId);
  const answer = toItemAnswer(row);
  if (submission.kind === 'written') {
    const item = writtenItem(row);
    assertAnswerFits(item, submission.answer);
    return scoreAndStoreWritten(context, submission, item, answer, chargeQuota);
  }
  const item = spokenItem(row);

  const first = await beforeScoring(context, submission, answer, chargeQuota);
  if (first) return first;

  const { result, durationSeconds } = await scoreRecording(context, item, submission);
  const key = recordingKey(randomUUID());
  await context.storage.putIfChanged(key, submission.wav, 'audio/wav');
  const body: RecordingAnswer = {
    recording: { url: context.storage.publicUrl(key), durationSeconds },
  };
  let stored: ExamedResult;
  try {
    stored = await store(
      context,
      submission,
      { type: item.type, body, result },
      answer,
      chargeQuota,
    );
  } catch (error) {
    await context.storage.remove(key);
    throw error;
  }
  // Two uploads with one key raced past the check above: the first attempt stands, and this
  // recording, linked from nothing, goes. (What the attempt hands out is the signed link:
  // compare its path.)
  const linked = (stored.attempt.answer as Partial<RecordingAnswer>).recording?.url;
  if (linked?.split('?', 1)[0] !== body.recording.url) await context.storage.remove(key);
  return stored;
}

/**
 * A retried request: the first attempt stands, nothing is scored, stored or spent again. And
 * scoring costs time (seconds of CPU for a recording): a learner with no uses left is told before,
 * not after.
 */
async function beforeScoring(
  context: AttemptsContext,
  submission: Submission,
  answer: ItemAnswer,
  chargeQuota: boolean,
): Promise<ExamedResult | null> {
  const first = await findAttemptByKey(context.db, submission.userId, submission.idempotencyKey);
  if (first) return replay(context, submission, first, answer);
  if (chargeQuota) await requireEnergyLeft(context, submission.userId);
  return null;
}

async function scoreAndStoreWritten(
  context: AttemptsContext,
  submission: Submission & { kind: 'written' },
  item: ObjectiveItem | WritingItem,
  answer: ItemAnswer,
  chargeQuota: boolean,
): Promise<ExamedResult> {
  const first = await beforeScoring(context, submission, answer, chargeQuota);
  if (first) return first;
  const result = await scoreWritten(context, item, submission);
  return store(
    context,
    submission,
    { type: item.type, body: submission.answer, result },
    answer,
    chargeQuota,
  );
}

/** The item as the written scorers know it, or the reason it cannot be answered in writing. */
function writtenItem(row: ItemRecord): ObjectiveItem | WritingItem {
  if (!isWrittenType(row.type)) {
    throw new AppError(ErrorCode.InvalidInput, '口语题需要录音作答，不能用文字提交');
  }
  // The bank's import validated the row's content and key against the type's schemas.
  const item = { id: row.id, type: row.type, content: row.content, key: row.answerKey };
  if (!isObjectiveItem(item) && !isWritingItem(item)) {
    throw new AppError(ErrorCode.InvalidInput, '这道题不能用文字作答');
  }
  return item;
}

/** The item as the recording scorer knows it, or the reason no recording is taken for it. */
function spokenItem(row: ItemRecord): Item {
  const type = ItemTypeCodeSchema.parse(row.type);
  const info = itemTypes[type];
  if (info.skillArea !== 'speaking') {
    throw new AppError(ErrorCode.InvalidInput, '这道题需要文字作答，不能提交录音');
  }
  if (!info.isScored) throw new AppError(ErrorCode.InvalidInput, '自我介绍不计分，无需提交录音');
  // The bank's import validated the row's content and key against the type's schemas.
  return { id: row.id, type, content: row.content, key: row.answerKey } as Item;
}

function assertAnswerFits(item: ObjectiveItem | WritingItem, answer: unknown): void {
  const [problem] = answerProblems(item, answer);
  if (!problem) return;
  const field = ['answer', ...problem.path].filter((part) => part !== '').join('.');
  throw invalidBodyField(field, problem.message);
}

async function scoreWritten(
  context: AttemptsContext,
  item: ObjectiveItem | WritingItem,
  submission: { answer: unknown },
): Promise<AttemptResult> {
  if (!isWritingItem(item)) return scoreObjective(item, submission.answer);
  const { text } = submission.answer as { text: string };
  const tools = await context.languageTools();
  return scoreWriting(item, submission.answer, await tools.check(text, knownWordsOf(item)));
}

async function scoreRecording(
  context: AttemptsContext,
  item: Item,
  submission: { userId: number; wav: Uint8Array; signal?: AbortSignal },
) {
  const leave = context.inFlight.tryEnter(submission.userId);
  if (!leave) throw new AppError(ErrorCode.TooManyRequests, '上一段录音还在评分，请稍候再提交');
  try {
    return await context.recordings.score(
      item,
      submission.wav,
      submission.signal ? { signal: submission.signal } : {},
    );
  } finally {
    leave();
  }
}

const isUnscored = (result: AttemptResult) =>
  result.kind === 'speech' && result.unscored !== undefined;

/** Inserts the attempt and spends its use in one transaction; a repeated key replays the first. */
async function store(
  context: AttemptsContext,
  submission: Submission,
  { type, body, result }: Scored,
  answer: ItemAnswer,
  chargeQuota: boolean,
): Promise<ExamedResult> {
  const { userId } = submission;
  const outcome = await context.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await insertAttempt(db, {
      userId,
      itemId: submission.itemId,
      type,
      answer: body,
      score: result.score,
      max: result.max,
      result,
      scoringProfile: CURRENT_SCORING_PROFILE_ID,
      timeSpentSeconds: submission.timeSpentSeconds,
      idempotencyKey: submission.idempotencyKey,
      // The service's clock, not the database's: "today" in study figures and tests agree.
      createdAt: context.clock.now(),
    });
    if (!row) return null;
    // A recording the engine could not hear ("没有听清") is kept for the learner but is not a
    // scored practice: it costs no use and does not count.
    if (isUnscored(result)) return { row, energy: await currentEnergy({ ...context, db }, userId) };
    const energy = chargeQuota
      ? (await spendEnergy({ db, clock: context.clock, policy: context.quota }, userId)).energy
      : await currentEnergy({ ...context, db }, userId);
    await recordPractice(db, userId, submission.itemId, context.clock.now());
    return { row, energy };
  });
  if (outcome) {
    return {
      attempt: toAttempt(outcome.row, context.recordingLinks),
      answer,
      energy: outcome.energy,
    };
  }
  const first = await findAttemptByKey(context.db, userId, submission.idempotencyKey);
  return replay(context, submission, first, answer);
}

/**
 * The attempt a repeated idempotency key stored first, as it was answered then; a key used on
 * another item is refused. A written answer's fields come in the request body, a recording's in
 * the query, and the message names the place.
 */
async function replay(
  context: AttemptsContext,
  submission: Submission,
  first: AttemptRow | null,
  answer: ItemAnswer,
): Promise<ExamedResult> {
  if (!first || first.itemId !== submission.itemId) {
    const place = submission.kind === 'written' ? '请求体' : '查询参数';
    throw new AppError(
      ErrorCode.InvalidInput,
      invalidFieldMessage(place, 'idempotencyKey', '已用于另一次提交'),
    );
  }
  return {
    attempt: toAttempt(first, context.recordingLinks),
    answer,
    energy: await currentEnergy(context, submission.userId),
  };
}

/** The learner's own attempts on one item, newest first. */
export async function attemptHistory(
  context: Pick<AttemptsContext, 'db' | 'recordingLinks'>,
  userId: number,
  itemId: string,
): Promise<AttemptHistory> {
  const rows = await listAttempts(context.db, userId, itemId, ATTEMPT_HISTORY_SIZE);
  return { list: rows.map((row) => toAttempt(row, context.recordingLinks)) };
}
