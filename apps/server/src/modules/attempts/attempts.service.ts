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
  type ScoringPending,
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
import type { PurchaseUnlocks } from '../materials/materials.service';
import type { AppContext } from '../../app-context';
import { LanguageToolsError } from '../../adapters/language/language-worker-pool';
import type { JobContext, JobPolicy, JobQueue } from '../../adapters/queue/job-queue';
import { MEDIA_PATH, recordingKey } from '../../adapters/storage/media-keys';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { AppError, invalidBodyField, invalidFieldMessage } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RecordingLinks } from '../../lib/recording-links';
import { requireItem, toItemAnswer, type ItemRecord } from '../items/items.service';
import {
  currentEnergy,
  requireEnergyLeft,
  spendEnergy,
  type QuotaPolicy,
} from '../users/users.service';
import { toAttempt } from './attempts.mapper';
import { checkRecording, type RecordingScorer } from './recording-scorer';
import {
  findAttemptById,
  findAttemptByKey,
  insertAttempt,
  listAttempts,
  recordPractice,
  type AttemptRow,
} from './attempts.repository';
import {
  SCORE_RECORDING,
  SCORE_WRITING,
  SCORING_QUEUES,
  scoringJobId,
  type ScoringJobData,
  type ScoringJobHandler,
  type ScoringJobOutput,
  type ScoringQueue,
} from './scoring-jobs';
import {
  holdsScoringSlot,
  releaseScoringSlot,
  releaseScoringSlots,
  takeScoringSlot,
} from './scoring-slots.repository';

/**
 * A learner records one answer at a time; two in flight allows a retry while the first is still
 * decoding. More is a script or a stuck client, and each costs seconds of a shared worker.
 * Counted in the database (scoring_slots), so it holds across every server.
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
  /** Where recordings and essays wait for a scoring worker. */
  queue: JobQueue;
  scoring: {
    /** How long a submission waits for its score before the page is told to ask again. */
    waitMs: number;
    /** Answers waiting for a worker (all servers) beyond which new ones are refused (50300). */
    maxWaiting: number;
    policies: Record<ScoringQueue, JobPolicy>;
    /** The learner's recordings in flight; a mock paper may have more (MOCK_RECORDINGS_IN_FLIGHT). */
    recordingsInFlight?: number;
  };
}

/** What attempts use of the app context. */
export const attemptsContext = (context: AppContext): AttemptsContext => ({
  db: context.db,
  clock: context.clock,
  quota: context.quota,
  recordingLinks: context.recordingLinks,
  languageTools: context.languageTools,
  storage: context.storage,
  recordings: context.recordings,
  queue: context.queue,
  scoring: context.scoring,
});

/** One learner's answer to one item: typed or chosen (written), or a recording (spoken). */
export type Submission = {
  userId: number;
  itemId: string;
  timeSpentSeconds: number;
  idempotencyKey: string;
} & ({ kind: 'written'; answer: unknown } | { kind: 'recording'; wav: Uint8Array });

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

/** The answer is being scored: ask again (examedResult) in a moment. */
const PENDING: ScoringPending = { status: 'scoring', retryAfterSeconds: 2 };

const QUEUE_FULL_ZH = '评分排队的人太多，请稍后重新提交（作答还在本页，可直接再提交）';
const CHECK_TOO_LONG_ZH =
  '这篇作答没能在时限内评阅完，未计分、未扣次数；请检查是否有异常的长串文字后重新提交';
const NOT_SCORED_ZH = '这次作答暂时无法评分（已重试多次），请重新提交';

/**
 * A practice answer (spec §7 examed and examedVoice): scored and stored as `scoreAndStore` does,
 * spending a non-member use unless a bought 资料 includes the item (issue 21).
 */
export async function scorePractice(
  submission: Submission,
  context: AttemptsContext,
  purchases: PurchaseUnlocks,
): Promise<ExamedResult | ScoringPending> {
  const chargeQuota = !(await purchases.includesItem(submission.userId, submission.itemId));
  return scoreAndStore(submission, { chargeQuota, context });
}

/**
 * The one command that turns a learner's answer into a stored attempt (spec §7 examed and
 * examedVoice; mock exams and intensive listening use it too): item → scoring → quota → store.
 *
 * - The item must exist (40401) and be answered the way its type is (text or recording).
 * - An idempotency key already used returns the attempt it stored, scoring and spending nothing;
 *   used on another item, it is refused (40001). A key whose answer is still being scored waits
 *   for that scoring instead of starting another.
 * - A non-member with no uses left is refused (40301) before scoring; the use is spent in the
 *   same transaction as the insert, so a refused spend stores nothing and a failed insert spends
 *   nothing. A recording the engine could not hear is stored but spends nothing.
 * - Objective answers are scored here; recordings and writing answers by a scoring job (see
 *   scoring-jobs.ts), which this waits for up to `scoring.waitMs`: then the answer is pending
 *   and the page asks again with `scoringResult`. A job that fails every try is reported as not
 *   scored (50300), never as a score, and its recording is removed.
 */
export async function scoreAndStore(
  submission: Submission,
  { chargeQuota, context }: ScoreAndStoreOptions,
): Promise<ExamedResult | ScoringPending> {
  const row = await requireItem(context, submission.itemId);
  const answer = toItemAnswer(row);
  if (submission.kind === 'written') {
    const item = writtenItem(row);
    assertAnswerFits(item, submission.answer);
    const first = await beforeScoring(context, submission, answer, chargeQuota);
    if (first) return first;
    if (isWritingItem(item)) {
      const queued = { kind: 'writing', answer: submission.answer } as const;
      return queueScoring(context, submission, answer, SCORE_WRITING, queued, chargeQuota);
    }
    const result = scoreObjective(item, submission.answer);
    const stored = await store(
      context,
      submission,
      { type: item.type, body: submission.answer, result },
      chargeQuota,
    );
    return stored ? examedResult(context, submission.userId, stored, answer) : replayFirst();
  }

  const item = spokenItem(row);
  const first = await beforeScoring(context, submission, answer, chargeQuota);
  if (first) return first;
  const durationSeconds = checkRecording(item, submission.wav);
  const queued = { kind: 'recording', wav: submission.wav, durationSeconds } as const;
  return queueScoring(context, submission, answer, SCORE_RECORDING, queued, chargeQuota);

  async function replayFirst(): Promise<ExamedResult> {
    const stored = await findAttemptByKey(context.db, submission.userId, submission.idempotencyKey);
    return replay(context, submission, stored, answer);
  }
}

type Queued =
  | { kind: 'writing'; answer: unknown }
  | { kind: 'recording'; wav: Uint8Array; durationSeconds: number };

/**
 * Queues the answer's scoring job (once per idempotency key) and waits for it. A recording takes
 * one of the learner's slots first and is stored before the job is queued: the worker that
 * scores it may be another machine.
 */
async function queueScoring(
  context: AttemptsContext,
  submission: Submission,
  answer: ItemAnswer,
  queue: ScoringQueue,
  queued: Queued,
  chargeQuota: boolean,
): Promise<ExamedResult | ScoringPending> {
  const { userId } = submission;
  const jobId = scoringJobId(userId, submission.idempotencyKey);
  const known = await context.queue.outcome<ScoringJobOutput>(queue, jobId);
  if (known.state === 'failed') await context.queue.remove(queue, jobId);
  if (known.state === 'pending' || known.state === 'completed') {
    return awaitScoring(context, submission, answer, queue, jobId);
  }

  if ((await context.queue.waitingCount(SCORING_QUEUES)) >= context.scoring.maxWaiting) {
    throw new AppError(ErrorCode.Unavailable, QUEUE_FULL_ZH);
  }
  const common = {
    userId,
    itemId: submission.itemId,
    timeSpentSeconds: submission.timeSpentSeconds,
    idempotencyKey: submission.idempotencyKey,
    chargeQuota,
  };
  if (queued.kind === 'writing') {
    await context.queue.send(
      queue,
      { ...common, kind: 'writing', answer: queued.answer },
      { id: jobId },
    );
    return awaitScoring(context, submission, answer, queue, jobId);
  }

  await queueRecordingJob(context, queue, jobId, userId, queued.wav, (recording) => ({
    ...common,
    kind: 'recording',
    recordingKey: recording,
    durationSeconds: queued.durationSeconds,
  }));
  return awaitScoring(context, submission, answer, queue, jobId);
}

/**
 * Takes one of the learner's slots, stores the recording and queues its job (the worker that
 * scores it may be another machine). When the job is not queued, undoes this request's part: the
 * recording linked from no job, and the slot (null when an earlier request of the same answer
 * holds it).
 */
async function queueRecordingJob(
  context: AttemptsContext,
  queue: ScoringQueue,
  jobId: string,
  userId: number,
  wav: Uint8Array,
  dataFor: (recordingKey: string) => ScoringJobData,
): Promise<void> {
  const slot = await takeSlot(context, userId, jobId);
  const recording = recordingKey(userId, randomUUID());
  const undo = async () => {
    await context.storage.remove(recording);
    if (slot !== null) await releaseScoringSlot(context.db, { userId, slot, jobId });
  };
  let sent: string | null;
  try {
    await context.storage.put(recording, wav, 'audio/wav');
    sent = await context.queue.send(queue, dataFor(recording), { id: jobId });
  } catch (error) {
    await undo();
    throw error;
  }
  // null: the same answer, sent twice at once, was queued by the other request.
  if (sent === null) await undo();
}

/**
 * Takes one of the learner's recording slots for the job and says which, or refuses (42901);
 * null when the job holds one already (a retried request of the same answer).
 */
async function takeSlot(
  context: AttemptsContext,
  userId: number,
  jobId: string,
): Promise<number | null> {
  const now = context.clock.now();
  if (await holdsScoringSlot(context.db, userId, jobId, now)) return null;
  // A slot outlives its job's longest possible run, then frees itself.
  const { expireInSeconds, retryLimit, retryDelaySeconds } =
    context.scoring.policies[SCORE_RECORDING];
  const seconds = (expireInSeconds + retryDelaySeconds * 4) * (retryLimit + 1);
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  const slots = context.scoring.recordingsInFlight ?? RECORDINGS_IN_FLIGHT_PER_USER;
  for (let slot = 0; slot < slots; slot++) {
    if (await takeScoringSlot(context.db, { userId, slot, jobId, expiresAt, now })) return slot;
  }
  throw new AppError(ErrorCode.TooManyRequests, '上一段录音还在评分，请稍候再提交');
}

/** The scored attempt, the refusal, "could not be scored" or, after `waitMs`, pending. */
async function awaitScoring(
  context: AttemptsContext,
  submission: Submission | ScoringQuery,
  answer: ItemAnswer,
  queue: ScoringQueue,
  jobId: string,
): Promise<ExamedResult | ScoringPending> {
  const outcome = await context.queue.waitFor<ScoringJobOutput>(
    queue,
    jobId,
    context.scoring.waitMs,
  );
  switch (outcome.state) {
    case 'pending':
      return PENDING;
    case 'failed':
      throw new AppError(ErrorCode.Unavailable, NOT_SCORED_ZH);
    case 'missing': {
      // Archived long after it ended: the attempt, if it stored one, is what counts.
      const first = await findAttemptByKey(
        context.db,
        submission.userId,
        submission.idempotencyKey,
      );
      if (first?.itemId === submission.itemId) {
        return examedResult(context, submission.userId, first, answer);
      }
      throw new AppError(ErrorCode.NotFound, '没有找到这次作答的评分，请重新提交');
    }
    case 'completed': {
      const output = outcome.output;
      if ('refused' in output) throw new AppError(output.refused.code as never, output.refused.msg);
      const row =
        'attemptId' in output
          ? await findAttemptById(context.db, submission.userId, output.attemptId)
          : null;
      if (!row || row.itemId !== submission.itemId) {
        throw new AppError(ErrorCode.NotFound, '没有找到这次作答的评分，请重新提交');
      }
      return examedResult(context, submission.userId, row, answer);
    }
  }
}

/** The page asks again for an answer it was told is being scored. */
export interface ScoringQuery {
  userId: number;
  itemId: string;
  idempotencyKey: string;
}

/**
 * The score of an answer sent before (scoringResult): the attempt if it is stored, else the
 * scoring job's state, waited for up to `scoring.waitMs` like the submission itself.
 */
export async function scoringResult(
  context: AttemptsContext,
  query: ScoringQuery,
): Promise<ExamedResult | ScoringPending> {
  const row = await requireItem(context, query.itemId);
  const answer = toItemAnswer(row);
  const first = await findAttemptByKey(context.db, query.userId, query.idempotencyKey);
  if (first) {
    if (first.itemId !== query.itemId) {
      throw new AppError(
        ErrorCode.InvalidInput,
        invalidFieldMessage('查询参数', 'idempotencyKey', '已用于另一次提交'),
      );
    }
    return examedResult(context, query.userId, first, answer);
  }
  const queue: ScoringQueue = isWrittenType(row.type) ? SCORE_WRITING : SCORE_RECORDING;
  return awaitScoring(
    context,
    query,
    answer,
    queue,
    scoringJobId(query.userId, query.idempotencyKey),
  );
}

/**
 * Scores one queued answer and stores the attempt (a scoring worker runs this, in the API process
 * or in one of its own). Idempotent: a job tried again after a crash finds the attempt its
 * earlier try stored. The learner's refusals (no uses left, an item removed) end the job with the
 * reason; the engine's trouble is thrown, to be tried again, and on the last try the recording
 * is removed: nothing is left that no attempt links to.
 */
export function scoringJobHandler(context: AttemptsContext): ScoringJobHandler {
  return async (data, job) => {
    if (data.kind === 'reference') return scoreReferenceJob(context, data, job);
    let ended = true;
    try {
      const first = await findAttemptByKey(context.db, data.userId, data.idempotencyKey);
      if (first) {
        if (data.kind === 'recording') await removeUnlinked(context, first, data.recordingKey);
        return { attemptId: first.id };
      }
      const row = await requireItem(context, data.itemId);
      const scored = await scoreJob(context, row, data);
      const stored = await store(context, data, scored, data.chargeQuota);
      const attempt =
        stored ?? (await findAttemptByKey(context.db, data.userId, data.idempotencyKey));
      if (!attempt) throw new Error('attempt neither stored nor found');
      if (data.kind === 'recording') await removeUnlinked(context, attempt, data.recordingKey);
      return { attemptId: attempt.id };
    } catch (error) {
      if (error instanceof AppError && error.code !== ErrorCode.Unavailable) {
        if (data.kind === 'recording') await context.storage.remove(data.recordingKey);
        return { refused: { code: error.code, msg: error.message } };
      }
      // A text the grammar checker could not finish within its limit (which grows with the
      // text) would only hold a worker as long again on every retry.
      if (error instanceof LanguageToolsError && error.reason === 'timeout') {
        return { refused: { code: ErrorCode.Unavailable, msg: CHECK_TOO_LONG_ZH } };
      }
      ended = job.lastTry;
      if (ended && data.kind === 'recording') await context.storage.remove(data.recordingKey);
      throw error;
    } finally {
      if (ended) await releaseScoringSlots(context.db, job.id);
    }
  };
}

/** Two uploads of one answer raced: the first attempt stands, this recording goes. */
async function removeUnlinked(context: AttemptsContext, attempt: AttemptRow, key: string) {
  const linked = (attempt.answer as Partial<RecordingAnswer>).recording?.url;
  if (linked !== recordingUrl(key)) await context.storage.remove(key);
}

/** What an attempt stores of its recording: our own path (signed when it leaves, media route). */
const recordingUrl = (key: string) => `${MEDIA_PATH}/${key}`;

async function scoreJob(
  context: AttemptsContext,
  row: ItemRecord,
  data: Exclude<ScoringJobData, { kind: 'reference' }>,
): Promise<Scored> {
  if (data.kind === 'writing') {
    const item = writtenItem(row);
    if (!isWritingItem(item)) throw new AppError(ErrorCode.InvalidInput, '这道题不需要评阅写作');
    return { type: item.type, body: data.answer, result: await scoreWritten(context, item, data) };
  }
  const item = spokenItem(row);
  const wav = await context.storage.get(data.recordingKey);
  if (!wav) throw new AppError(ErrorCode.InvalidInput, '录音没有保存成功，请重新提交');
  const { result, durationSeconds } = await context.recordings.score(item, wav);
  const body: RecordingAnswer = {
    recording: { url: recordingUrl(data.recordingKey), durationSeconds },
  };
  return { type: item.type, body, result };
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
  item: WritingItem,
  data: { answer: unknown },
): Promise<AttemptResult> {
  const { text } = data.answer as { text: string };
  const tools = await context.languageTools();
  return scoreWriting(item, data.answer, await tools.check(text, knownWordsOf(item)));
}

const isUnscored = (result: AttemptResult) =>
  result.kind === 'speech' && result.unscored !== undefined;

/** What `store` needs of an answer: who, which item, how long, and its idempotency key. */
type Storable = Pick<Submission, 'userId' | 'itemId' | 'timeSpentSeconds' | 'idempotencyKey'>;

/**
 * Inserts the attempt and spends its use in one transaction; null when the idempotency key was
 * stored first by another request or try.
 */
async function store(
  context: AttemptsContext,
  submission: Storable,
  { type, body, result }: Scored,
  chargeQuota: boolean,
): Promise<AttemptRow | null> {
  const { userId } = submission;
  return context.db.transaction(async (tx) => {
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
    if (isUnscored(result)) return row;
    if (chargeQuota) await spendEnergy({ db, clock: context.clock, policy: context.quota }, userId);
    await recordPractice(db, userId, submission.itemId, context.clock.now());
    return row;
  });
}

/** A stored attempt as the learner is answered: the attempt, the key and 解析, uses left. */
async function examedResult(
  context: AttemptsContext,
  userId: number,
  row: AttemptRow,
  answer: ItemAnswer,
): Promise<ExamedResult> {
  return {
    attempt: toAttempt(row, context.recordingLinks),
    answer,
    energy: await currentEnergy(context, userId),
  };
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
  return examedResult(context, submission.userId, first, answer);
}

/**
 * Removes the learner's scoring jobs from the queue, whatever their state: their data holds the
 * learner's answers (an essay's text), which an account deletion must not leave behind.
 */
export async function forgetScoringJobsOf(
  context: Pick<AttemptsContext, 'queue'>,
  userId: number,
): Promise<number> {
  return context.queue.forget(SCORING_QUEUES, 'userId', String(userId));
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

// ── Recordings scored against a text (精听 shadowing) ──────────────────────────────────────────

/** A recording to score against a text of the caller's rather than a bank item: no attempt. */
export interface ReferenceSubmission {
  userId: number;
  /** Names the recording in the queue and the logs (e.g. `listening:lp-0001#3`). */
  label: string;
  referenceText: string;
  wav: Uint8Array;
  /** One per recording, kept across retries: a retried upload is queued once. */
  idempotencyKey: string;
}

/** Where a reference recording's scoring stands. */
export type ReferenceScoring =
  | { state: 'pending' }
  | { state: 'scored'; result: AttemptResult; durationSeconds: number; recordingKey: string };

/** A reference recording is scored as a Repeat Sentence of the text: same engine and traits. */
function referenceItem(label: string, referenceText: string): Item {
  return { id: label, type: 'RS', content: {}, key: { transcript: referenceText } } as Item;
}

const referenceJobId = (userId: number, idempotencyKey: string) =>
  scoringJobId(userId, `reference\n${idempotencyKey}`);

const REFERENCE_NOT_SCORED_ZH = '这段录音暂时无法评分（已重试多次），请重新提交';

/**
 * Queues a recording to be scored against `referenceText` on the practice recordings' queue, so
 * whichever process scores recordings takes it (an API server with WORKERS_IN_PROCESS=false
 * starts no speech workers for it), and waits for it as a practice answer is waited for. Refused
 * at once: an unusable WAV or one longer than a Repeat Sentence answer (40001), a full queue
 * (50300), a learner with recordings in flight already (42901). The same idempotency key queues
 * once. When scored, the recording stays in storage under the learner's prefix at
 * `recordingKey`: the caller keeps or removes it.
 */
export async function scoreAgainstReference(
  context: AttemptsContext,
  submission: ReferenceSubmission,
): Promise<ReferenceScoring> {
  const { userId, idempotencyKey } = submission;
  const item = referenceItem(submission.label, submission.referenceText);
  const durationSeconds = checkRecording(item, submission.wav);
  const jobId = referenceJobId(userId, idempotencyKey);
  const known = await context.queue.outcome<ScoringJobOutput>(SCORE_RECORDING, jobId);
  if (known.state === 'failed') await context.queue.remove(SCORE_RECORDING, jobId);
  if (known.state !== 'pending' && known.state !== 'completed') {
    if ((await context.queue.waitingCount(SCORING_QUEUES)) >= context.scoring.maxWaiting) {
      throw new AppError(ErrorCode.Unavailable, QUEUE_FULL_ZH);
    }
    await queueRecordingJob(
      context,
      SCORE_RECORDING,
      jobId,
      userId,
      submission.wav,
      (recording) => ({
        userId,
        itemId: submission.label,
        timeSpentSeconds: 0,
        idempotencyKey,
        chargeQuota: false,
        kind: 'reference',
        recordingKey: recording,
        durationSeconds,
        referenceText: submission.referenceText,
      }),
    );
  }
  return referenceScoring(context, userId, idempotencyKey);
}

/**
 * A reference recording sent before: its score, or pending after `scoring.waitMs` (ask again);
 * 50300 when every try failed, 40401 when the queue no longer knows it, or its refusal.
 */
export async function referenceScoring(
  context: Pick<AttemptsContext, 'queue' | 'scoring'>,
  userId: number,
  idempotencyKey: string,
): Promise<ReferenceScoring> {
  const outcome = await context.queue.waitFor<ScoringJobOutput>(
    SCORE_RECORDING,
    referenceJobId(userId, idempotencyKey),
    context.scoring.waitMs,
  );
  switch (outcome.state) {
    case 'pending':
      return { state: 'pending' };
    case 'failed':
      throw new AppError(ErrorCode.Unavailable, REFERENCE_NOT_SCORED_ZH);
    case 'missing':
      throw new AppError(ErrorCode.NotFound, '没有找到这段录音的评分，请重新提交');
    case 'completed': {
      const output = outcome.output;
      if ('refused' in output) throw new AppError(output.refused.code as never, output.refused.msg);
      if (!('reference' in output)) {
        throw new AppError(ErrorCode.NotFound, '没有找到这段录音的评分，请重新提交');
      }
      return { state: 'scored', ...output.reference };
    }
  }
}

/**
 * A scoring worker's reference job: the recording against its text, nothing stored but the
 * queue's output. The recording's refusals end the job; the engine's trouble is tried again, and
 * on the last try the recording is removed.
 */
async function scoreReferenceJob(
  context: AttemptsContext,
  data: Extract<ScoringJobData, { kind: 'reference' }>,
  job: JobContext & { lastTry: boolean },
): Promise<ScoringJobOutput> {
  let ended = true;
  try {
    const wav = await context.storage.get(data.recordingKey);
    if (!wav) throw new AppError(ErrorCode.InvalidInput, '录音没有保存成功，请重新提交');
    const item = referenceItem(data.itemId, data.referenceText);
    const { result, durationSeconds } = await context.recordings.score(item, wav);
    return { reference: { result, durationSeconds, recordingKey: data.recordingKey } };
  } catch (error) {
    if (error instanceof AppError && error.code !== ErrorCode.Unavailable) {
      await context.storage.remove(data.recordingKey);
      return { refused: { code: error.code, msg: error.message } };
    }
    ended = job.lastTry;
    if (ended) await context.storage.remove(data.recordingKey);
    throw error;
  } finally {
    if (ended) await releaseScoringSlots(context.db, job.id);
  }
}
