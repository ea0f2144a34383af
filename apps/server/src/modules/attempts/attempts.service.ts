import {
  answerProblems,
  ATTEMPT_HISTORY_SIZE,
  CURRENT_SCORING_PROFILE_ID,
  ErrorCode,
  isWrittenType,
  type AttemptHistory,
  type AttemptResult,
  type ExamedBody,
  type ExamedResult,
  type ItemAnswer,
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
import type { Db } from '../../db/client';
import { AppError, invalidBodyField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findItem } from '../items/items.repository';
import { energyLeft, isMember, spendEnergy, type QuotaPolicy } from '../users/quota.service';
import { findUserById } from '../users/users.repository';
import { toAttempt } from './attempts.mapper';
import {
  findAttemptByKey,
  insertAttempt,
  listAttempts,
  recordPractice,
} from './attempts.repository';

import type { RecordingLinks } from '../../lib/recording-links';

export interface AttemptsDeps {
  db: Db;
  clock: Clock;
  quota: QuotaPolicy;
  /** Signs the links to recordings in what leaves the server. */
  recordingLinks: RecordingLinks;
  /** The speller and grammar checker of the writing traits, loaded on first use. */
  languageTools: () => Promise<LanguageTools>;
}

/** The item as the scorers know it, or the reason it cannot be scored here. */
async function scorableItem(
  deps: AttemptsDeps,
  itemId: string,
): Promise<{ item: ObjectiveItem | WritingItem; answer: ItemAnswer }> {
  const row = await findItem(deps.db, itemId);
  if (!row) throw new AppError(ErrorCode.NotFound, '题目不存在');
  if (!isWrittenType(row.type)) {
    throw new AppError(ErrorCode.InvalidInput, '口语题需要录音作答，不能用文字提交');
  }
  const item = { id: row.id, type: row.type, content: row.content, key: row.answerKey };
  if (!isObjectiveItem(item) && !isWritingItem(item)) {
    throw new AppError(ErrorCode.InvalidInput, '这道题不能用文字作答');
  }
  // The bank's import validated the row's content and key against the type's schemas.
  return {
    item,
    answer: {
      id: row.id,
      key: row.answerKey as Record<string, unknown>,
      explanationZh: row.explanationZh,
    },
  };
}

async function scoreAnswer(deps: AttemptsDeps, item: ObjectiveItem | WritingItem, answer: unknown) {
  if (!isWritingItem(item)) return scoreObjective(item, answer);
  const { text } = answer as { text: string };
  const tools = await deps.languageTools();
  return scoreWriting(item, answer, await tools.check(text, knownWordsOf(item)));
}

async function currentEnergy(
  deps: Pick<AttemptsDeps, 'db' | 'clock' | 'quota'>,
  userId: number,
): Promise<number | null> {
  const user = await findUserById(deps.db, userId);
  const now = deps.clock.now();
  if (!user || isMember(user, now)) return null;
  return energyLeft(user, deps.quota, now);
}

/**
 * Scores and stores one attempt (spec §7 examed). The server scores the answer itself; a
 * non-member spends one use in the same transaction as the insert, so a refused spend stores
 * nothing and a failed insert spends nothing. The same idempotency key sent again (a double
 * click, a retried request) returns the first attempt and spends nothing.
 */
export async function submitAttempt(
  deps: AttemptsDeps,
  userId: number,
  body: ExamedBody,
): Promise<ExamedResult> {
  const { item, answer } = await scorableItem(deps, body.itemId);
  const [problem] = answerProblems(item, body.answer);
  if (problem) {
    const field = ['answer', ...problem.path].filter((part) => part !== '').join('.');
    throw invalidBodyField(field, problem.message);
  }
  const result = await scoreAnswer(deps, item, body.answer);
  return storeAttempt(deps, userId, {
    itemId: item.id,
    type: item.type,
    answer,
    body: body.answer,
    result,
    timeSpentSeconds: body.timeSpentSeconds,
    idempotencyKey: body.idempotencyKey,
  });
}

const isUnscored = (result: AttemptResult) =>
  result.kind === 'speech' && result.unscored !== undefined;

/** What one scored attempt stores, whatever the item type. */
export interface ScoredSubmission {
  itemId: string;
  type: string;
  /** The key and 解析 sent back with the score. */
  answer: ItemAnswer;
  /** The learner's answer as stored (text, choices, a recording reference). */
  body: unknown;
  result: AttemptResult;
  timeSpentSeconds: number;
  idempotencyKey: string;
}

/**
 * Stores a scored attempt (spec §7 examed and examedVoice). A non-member spends one use in the
 * same transaction as the insert, so a refused spend stores nothing and a failed insert spends
 * nothing; an unscored recording spends nothing. The same idempotency key sent again (a double click, a retried request) returns the
 * first attempt and spends nothing.
 */
export async function storeAttempt(
  deps: Pick<AttemptsDeps, 'db' | 'clock' | 'quota' | 'recordingLinks'>,
  userId: number,
  submission: ScoredSubmission,
): Promise<ExamedResult> {
  const { result, answer } = submission;
  const outcome = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await insertAttempt(db, {
      userId,
      itemId: submission.itemId,
      type: submission.type,
      answer: submission.body,
      score: result.score,
      max: result.max,
      result,
      scoringProfile: CURRENT_SCORING_PROFILE_ID,
      timeSpentSeconds: submission.timeSpentSeconds,
      idempotencyKey: submission.idempotencyKey,
      // The service's clock, not the database's: "today" in study figures and tests agree.
      createdAt: deps.clock.now(),
    });
    if (!row) return null;
    // A recording the engine could not hear ("没有听清") is kept for the learner but is not a
    // scored practice: it costs no use and does not count.
    if (isUnscored(result)) return { row, energy: await currentEnergy({ ...deps, db }, userId) };
    const spent = await spendEnergy({ db, clock: deps.clock, policy: deps.quota }, userId);
    await recordPractice(db, userId, submission.itemId, deps.clock.now());
    return { row, energy: spent.energy };
  });
  if (outcome) {
    return {
      attempt: toAttempt(outcome.row, deps.recordingLinks),
      answer,
      energy: outcome.energy,
    };
  }

  const first = await findAttemptByKey(deps.db, userId, submission.idempotencyKey);
  if (!first || first.itemId !== submission.itemId) {
    throw invalidBodyField('idempotencyKey', '已用于另一次提交');
  }
  return {
    attempt: toAttempt(first, deps.recordingLinks),
    answer,
    energy: await currentEnergy(deps, userId),
  };
}

/** The learner's own attempts on one item, newest first. */
export async function attemptHistory(
  deps: AttemptsDeps,
  userId: number,
  itemId: string,
): Promise<AttemptHistory> {
  const rows = await listAttempts(deps.db, userId, itemId, ATTEMPT_HISTORY_SIZE);
  return { list: rows.map((row) => toAttempt(row, deps.recordingLinks)) };
}
