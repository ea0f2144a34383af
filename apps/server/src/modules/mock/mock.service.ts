import { createHash, randomBytes } from 'node:crypto';
import {
  chosenCounts,
  CURRENT_SCORING_PROFILE,
  ErrorCode,
  RECORDING_MAX_BYTES,
  estimateBlueprintSeconds,
  isScoringPending,
  itemTypes,
  mockBankEntryOf,
  MockPaperSchema,
  MOCK_RESUME_HOURS,
  scoringProfiles,
  type ExamedResult,
  type Item,
  type MockBlueprint,
  type MockBlueprintSummary,
  type MockComparisonEntry,
  type MockDraftSaved,
  type MockItemAnalysis,
  type MockKind,
  type MockPaper,
  type MockPaperState,
  type MockPartTime,
  type MockRecordList,
  type MockReport,
  type MockScoreReport,
  type ScoringPending,
  type Section,
} from '@ninety/contract';
import {
  aggregateMockScores,
  assemblePaper,
  MockAssemblyError,
  type MockItemOutcome,
  type MockResultInput,
} from '@ninety/scoring';
import type { AppContext } from '../../app-context';
import { recordingKey } from '../../adapters/storage/media-keys';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { checkAnswer } from '../attempts/answer-check.service';
import {
  attemptsContext,
  RECORDINGS_IN_FLIGHT_PER_USER,
  scoreAndStore,
  scoringResult,
  type AttemptsContext,
  type Submission,
} from '../attempts/attempts.service';
import { itemAnswer, itemDetail, itemsDeps, type ItemsDeps } from '../items/items.service';
import {
  readCompletedUpload,
  removeFinishedUploads,
  removeUploadedObject,
  type RemoveFinishedResult,
} from '../uploads/uploads.service';
import { findUser, requireEnergyLeft, spendEnergy, type QuotaPolicy } from '../users/users.service';
import { mockCatalogue } from './mock-blueprints';
import {
  deadlineOf,
  isPastGrace,
  partLimitSeconds,
  resumableUntil,
  secondsBetween,
  sectionDeadlineFrom,
  slotsOf,
  usesSectionClock,
  type PaperSlot,
  type SectionDeadlines,
} from './mock-clock';
import {
  blueprintRefOf,
  toBlueprintRef,
  toComparisonEntry,
  toPaperState,
  toRecord,
  toReportItem,
  type StoredReport,
} from './mock.mapper';
import {
  advancePaper,
  claimItem,
  countItems,
  discardStartedBefore,
  findBankContent,
  findEarlierReady,
  findMetItems,
  findPaperByPublicId,
  findPaperItem,
  findPaperItems,
  findPapersInStatus,
  findUsedOperatorPapers,
  insertPaper,
  listPapers,
  saveDraft as saveDraftRow,
  updateItem,
  updatePaper,
  type MockItemRow,
  type MockPaperRow,
  type NewMockItem,
} from './mock.repository';

/** What the mock module uses of the app context. */
export interface MockContext {
  db: Db;
  clock: Clock;
  contentDir: string;
  /** Offer `test` blueprints (MOCK_TEST_BLUEPRINTS, end-to-end tests). */
  testBlueprints: boolean;
  quota: QuotaPolicy;
  /** Scoring as the mock uses it: nothing waits for a job. */
  attempts: AttemptsContext;
  items: ItemsDeps;
}

export const mockContext = (context: AppContext): MockContext => {
  const attempts = attemptsContext(context);
  return {
    db: context.db,
    clock: context.clock,
    contentDir: context.config.CONTENT_DIR,
    testBlueprints: context.config.MOCK_TEST_BLUEPRINTS,
    quota: context.quota,
    // A paper's answers may be scored on every speech thread of the fleet at once (issue 13).
    attempts: {
      ...attempts,
      scoring: {
        ...attempts.scoring,
        waitMs: 0,
        recordingsInFlight: mockRecordingsInFlight(context.config),
      },
    },
    items: itemsDeps(context),
  };
};

/** Recordings of one paper scored at once: the fleet's speech threads (config), at least 2. */
export function mockRecordingsInFlight(
  config: Pick<AppContext['config'], 'MOCK_RECORDINGS_IN_FLIGHT' | 'SPEECH_WORKERS'>,
): number {
  return (
    config.MOCK_RECORDINGS_IN_FLIGHT ??
    Math.max(RECORDINGS_IN_FLIGHT_PER_USER, config.SPEECH_WORKERS)
  );
}

const KIND_ORDER: Record<MockKind, number> = { full: 0, section: 1, mini: 2, level: 3, test: 4 };
/** Section papers in the test's order: speaking and writing, then reading, then listening. */
const SECTION_ORDER: Record<Section, number> = { 'speaking-writing': 0, reading: 1, listening: 2 };
const firstSection = (blueprint: MockBlueprint) =>
  SECTION_ORDER[blueprint.parts[0]?.section ?? 'speaking-writing'];

const NOT_FOUND_ZH = '模考不存在或已删除';
const FAILED_ZH = '这道题未能完成评分（已重试多次），不计入估分';
const PI_ZH = '自我介绍不计分';
/** A paper's scoring that could not even be queued for this long is given up as unscored. */
const DEFERRED_GIVE_UP_MS = 30 * 60 * 1000;
/** How many earlier mocks a report compares with. */
const COMPARE_WITH = 10;

// ── Blueprints ─────────────────────────────────────────────────────────────────────────────

async function offeredBlueprints(context: MockContext): Promise<MockBlueprint[]> {
  const { blueprints } = await mockCatalogue(context.contentDir);
  return blueprints
    .filter((blueprint) => blueprint.kind !== 'test' || context.testBlueprints)
    .sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        firstSection(a) - firstSection(b) ||
        a.id.localeCompare(b.id),
    );
}

export async function listBlueprints(context: MockContext): Promise<MockBlueprintSummary[]> {
  return (await offeredBlueprints(context)).map((blueprint) => {
    const counts = chosenCounts(blueprint);
    const countOf = new Map(counts.map((entry) => [entry.type, entry.count]));
    return {
      id: blueprint.id,
      version: blueprint.version,
      kind: blueprint.kind,
      nameZh: blueprint.nameZh,
      nameEn: blueprint.nameEn,
      descriptionZh: blueprint.descriptionZh,
      itemCount: counts.reduce((sum, entry) => sum + entry.count, 0),
      estimatedMinutes: Math.ceil(estimateBlueprintSeconds(blueprint) / 60),
      parts: blueprint.parts.map((part) => ({
        id: part.id,
        section: part.section,
        titleEn: part.titleEn,
        titleZh: part.titleZh,
        itemCount: part.slots.reduce((sum, slot) => sum + (countOf.get(slot.type) ?? 0), 0),
        sectionMinutes: part.sectionMinutes ?? null,
      })),
    };
  });
}

// ── Starting ───────────────────────────────────────────────────────────────────────────────

/** The attempt key of a paper's item: the same on every retry, different for every item. */
export function mockAttemptKey(paperId: number, index: number): string {
  const hex = createHash('sha256').update(`mock\n${paperId}\n${index}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const usersDeps = (context: MockContext) => ({
  db: context.db,
  clock: context.clock,
  quota: context.quota,
});

/**
 * Assembles a paper of the blueprint for the learner (a random seed; items met in their earlier
 * mocks avoided; an operator paper of the blueprint they have not had yet, if any) and starts it
 * on its first item. A non-member spends one use, in the transaction that stores the paper.
 */
export async function startPaper(
  context: MockContext,
  userId: number,
  blueprintId: string,
): Promise<MockPaperState> {
  const blueprint = (await offeredBlueprints(context)).find((entry) => entry.id === blueprintId);
  if (!blueprint) throw new AppError(ErrorCode.NotFound, '没有这种模考试卷');
  await requireEnergyLeft(usersDeps(context), userId);

  const bank = (await findBankContent(context.db)).map((row) =>
    mockBankEntryOf({ id: row.id, type: row.type, content: row.content } as Item),
  );
  const met = await findMetItems(context.db, userId);
  const { papers } = await mockCatalogue(context.contentDir);
  const used = new Set(await findUsedOperatorPapers(context.db, userId));
  const operatorPaper = papers.find(
    (paper) => paper.blueprint === blueprint.id && !used.has(paper.id),
  );
  let paper: MockPaper;
  try {
    paper = assemblePaper({
      blueprint,
      bank,
      seed: randomBytes(8).toString('hex'),
      met,
      operatorPaper,
    });
  } catch (error) {
    if (error instanceof MockAssemblyError)
      throw new AppError(ErrorCode.Unavailable, '题库暂时凑不齐这份试卷，请换一种模考或稍后再试');
    throw error;
  }

  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const inserted = await insertPaper(
      db,
      {
        publicId: randomBytes(16).toString('base64url'),
        userId,
        blueprintId: blueprint.id,
        blueprintVersion: blueprint.version,
        seed: paper.seed,
        // The blueprint's names ride along: records and reports name it as it was when sat.
        paper: { ...paper, blueprint: toBlueprintRef(blueprint) },
        status: 'in_progress',
        createdAt: now,
      },
      slotsOf(paper).map((slot) => ({
        itemIndex: slot.index,
        itemId: slot.item.itemId,
        type: slot.item.type,
      })),
    );
    await spendEnergy({ db, clock: context.clock, policy: context.quota }, userId);
    return inserted;
  });
  return stateOf(context, await show(context, row));
}

// ── Loading, settling, showing ─────────────────────────────────────────────────────────────

const paperOf = (row: MockPaperRow): MockPaper => MockPaperSchema.parse(row.paper);
const sectionsOf = (row: MockPaperRow): SectionDeadlines =>
  row.sectionDeadlines as SectionDeadlines;

async function requireOwnPaper(
  context: MockContext,
  userId: number,
  publicId: string,
): Promise<MockPaperRow> {
  const row = await findPaperByPublicId(context.db, publicId);
  // Another learner's paper is as absent as an unknown one.
  if (!row || row.userId !== userId) throw new AppError(ErrorCode.NotFound, NOT_FOUND_ZH);
  return row;
}

/**
 * Works out what the clock has done since the last request: a paper past its 72 h is discarded;
 * while the current item's deadline (plus the grace) has passed, the item is submitted with its
 * saved draft and the paper moves on. Ends on an item whose clock still runs or has not started.
 */
async function settle(context: MockContext, start: MockPaperRow): Promise<MockPaperRow> {
  let row = start;
  const now = context.clock.now();
  if (row.status !== 'in_progress') return row;
  if (now > resumableUntil(row.createdAt)) {
    return (
      (await updatePaper(context.db, row.id, { status: 'discarded', discardedAt: now })) ?? row
    );
  }
  const slots = slotsOf(paperOf(row));
  for (let guard = 0; guard <= slots.length && row.status === 'in_progress'; guard++) {
    const slot = slots[row.currentIndex];
    if (!slot) return finish(context, row, 'clock', now);
    const item = await findPaperItem(context.db, row.id, slot.index);
    if (!item) throw new Error(`mock paper ${row.id} has no item ${slot.index}`);
    if (item.submittedAt) {
      // A request stored the item and has not moved the paper on (yet, or it stopped).
      row =
        (await moveOn(
          context,
          row,
          slot.index,
          item.submittedBy === 'learner' ? 'learner' : 'clock',
        )) ?? (await reload(context, row));
      continue;
    }
    const deadline = deadlineOf(slot, row.currentShownAt, sectionsOf(row));
    if (!deadline || !isPastGrace(deadline, now)) break;
    const answer = await checkedOrNone(context, slot, draftOf(slot, item));
    await submitItem(context, row, slot, item, answer, 'clock', deadline);
    row = (await moveOn(context, row, slot.index, 'clock')) ?? (await reload(context, row));
  }
  return row;
}

async function reload(context: MockContext, row: MockPaperRow): Promise<MockPaperRow> {
  return (await findPaperByPublicId(context.db, row.publicId)) ?? row;
}

/** The saved draft of a typed item, as its answer when the clock ends it; spoken items have none. */
function draftOf(slot: PaperSlot, item: MockItemRow): Answer {
  if (itemTypes[slot.item.type].responseKind === 'speech') return { kind: 'none' };
  return item.draft === null || item.draft === undefined
    ? { kind: 'none' }
    : { kind: 'written', answer: item.draft };
}

/** Moves past `index`; finishes the paper after its last item. Null if another request did. */
async function moveOn(
  context: MockContext,
  row: MockPaperRow,
  index: number,
  by: 'learner' | 'clock',
): Promise<MockPaperRow | null> {
  const moved = await advancePaper(context.db, row.id, index, {});
  if (!moved) return null;
  if (moved.currentIndex >= paperOf(moved).itemCount) {
    return finish(context, moved, by, context.clock.now());
  }
  return moved;
}

/** Starts the current item's clock (and its section's) if it has not started: it is being shown. */
async function show(context: MockContext, row: MockPaperRow): Promise<MockPaperRow> {
  if (row.status !== 'in_progress' || row.currentShownAt) return row;
  const slot = slotsOf(paperOf(row))[row.currentIndex];
  if (!slot) return row;
  const now = context.clock.now();
  const sections = { ...sectionsOf(row) };
  if (usesSectionClock(slot) && !sections[slot.part.id]) {
    sections[slot.part.id] = sectionDeadlineFrom(slot.part, now);
  }
  await updateItem(context.db, row.id, slot.index, { shownAt: now });
  return (
    (await updatePaper(context.db, row.id, { currentShownAt: now, sectionDeadlines: sections })) ??
    row
  );
}

// ── Answers ────────────────────────────────────────────────────────────────────────────────

type Answer =
  { kind: 'none' } | { kind: 'written'; answer: unknown } | { kind: 'recording'; wav: Uint8Array };

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Records the item as submitted (once: a second request finds it claimed and stores nothing) and
 * hands its answer to scoring without waiting. False when it was already submitted.
 */
async function submitItem(
  context: MockContext,
  row: MockPaperRow,
  slot: PaperSlot,
  item: MockItemRow,
  answer: Answer,
  by: 'learner' | 'clock' | 'finish',
  at: Date,
): Promise<boolean> {
  const key = mockAttemptKey(row.id, slot.index);
  const timeSpentSeconds = secondsBetween(item.shownAt ?? at, at);
  const fields: Partial<NewMockItem> = {
    submittedAt: at,
    submittedBy: by,
    answer: answer.kind === 'written' ? answer.answer : null,
    recordingSha256: answer.kind === 'recording' ? sha256(answer.wav) : null,
    idempotencyKey: key,
    timeSpentSeconds,
  };
  // The introduction is never scored, and the exam never uploads it (it stays on the device):
  // the report says it is not scored rather than unanswered.
  if (!itemTypes[slot.item.type].isScored) {
    Object.assign(fields, { scoring: 'unscored', reasonZh: PI_ZH });
  } else if (answer.kind === 'none') {
    fields.scoring = 'unanswered';
  } else {
    fields.scoring = 'scoring';
  }
  const claimed = await claimItem(context.db, row.id, slot.index, fields);
  if (!claimed) return false;
  if (fields.scoring !== 'scoring') return true;
  const submission = {
    userId: row.userId,
    itemId: slot.item.itemId,
    timeSpentSeconds,
    idempotencyKey: key,
  };
  await queueScoring(
    context,
    row,
    claimed,
    answer.kind === 'recording'
      ? { ...submission, kind: 'recording', wav: answer.wav }
      : { ...submission, kind: 'written', answer: (answer as { answer: unknown }).answer },
  );
  return true;
}

/**
 * Scores the answer through practice's scorer without waiting: an objective answer is scored
 * now, a recording or essay becomes a job. When the queue refuses for now (full, or the learner's
 * recordings in flight), the answer is kept (`deferred`) and queued on a later read.
 */
async function queueScoring(
  context: MockContext,
  row: MockPaperRow,
  item: MockItemRow,
  submission: Submission,
): Promise<void> {
  try {
    const result = await scoreAndStore(submission, {
      chargeQuota: false,
      context: context.attempts,
    });
    await updateItem(context.db, row.id, item.itemIndex, outcomeFields(result));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === ErrorCode.Unavailable || error.code === ErrorCode.TooManyRequests) {
      if (submission.kind === 'recording') {
        await context.attempts.storage.put(
          deferredKey(row, item.itemIndex),
          submission.wav,
          'audio/wav',
        );
      }
      await updateItem(context.db, row.id, item.itemIndex, { scoring: 'deferred' });
      return;
    }
    await updateItem(context.db, row.id, item.itemIndex, {
      scoring: 'unscored',
      reasonZh: error.message,
    });
  }
}

const deferredKey = (row: MockPaperRow, index: number) =>
  recordingKey(row.userId, `mock-${row.publicId}-${index}`);

function outcomeFields(result: ExamedResult | ScoringPending): Partial<NewMockItem> {
  if (isScoringPending(result)) return { scoring: 'scoring' };
  const { attempt } = result;
  const unscored = attempt.result.kind === 'speech' ? attempt.result.unscored : undefined;
  return {
    scoring: unscored ? 'unscored' : 'scored',
    attemptId: Number(attempt.id),
    score: attempt.score,
    max: attempt.max,
    reasonZh: unscored ? unscored.messageZh : null,
  };
}

export async function paperState(
  context: MockContext,
  userId: number,
  publicId: string,
): Promise<MockPaperState> {
  const row = await settle(context, await requireOwnPaper(context, userId, publicId));
  return stateOf(context, await show(context, row));
}

export async function saveDraft(
  context: MockContext,
  userId: number,
  publicId: string,
  index: number,
  draft: unknown,
): Promise<MockDraftSaved> {
  const row = await settle(context, await requireOwnPaper(context, userId, publicId));
  const slot = requireCurrent(row, index);
  const shown = await show(context, row);
  const deadline = deadlineOf(slot, shown.currentShownAt, sectionsOf(shown));
  const now = context.clock.now();
  if (!deadline || now > deadline) {
    throw new AppError(ErrorCode.InvalidInput, '本题作答时间已到，草稿未保存');
  }
  if (!(await saveDraftRow(context.db, row.id, index, draft ?? null, now))) {
    throw new AppError(ErrorCode.InvalidInput, '这道题已经提交，草稿未保存');
  }
  return {
    index,
    savedAt: now.toISOString(),
    serverNow: now.toISOString(),
    deadline: deadline.toISOString(),
    remainingSeconds: Math.max(0, (deadline.getTime() - now.getTime()) / 1000),
  };
}

/** The slot of `index` if it is the current item of a paper in progress; otherwise why not. */
function requireCurrent(row: MockPaperRow, index: number): PaperSlot {
  const slots = slotsOf(paperOf(row));
  const slot = slots[index];
  if (!slot) throw new AppError(ErrorCode.NotFound, '试卷中没有这道题');
  if (row.status !== 'in_progress') {
    throw new AppError(
      ErrorCode.InvalidInput,
      row.status === 'discarded' ? '这份模考已放弃，不能再作答' : '这份模考已交卷，不能再作答',
    );
  }
  if (index > row.currentIndex) throw new AppError(ErrorCode.InvalidInput, '只能作答当前题目');
  return slot;
}

/**
 * The learner's Next: the current item's answer (typed, a recording, or none), scored without
 * waiting, and the paper on its next item. The same answer sent again (a retried request)
 * answers the same state and stores nothing; a different one, or one after the clock ended the
 * item, is refused.
 */
export async function submitAnswer(
  context: MockContext,
  userId: number,
  publicId: string,
  index: number,
  answer: Answer,
): Promise<MockPaperState> {
  const row = await settle(context, await requireOwnPaper(context, userId, publicId));
  const slots = slotsOf(paperOf(row));
  const slot = slots[index];
  if (!slot) throw new AppError(ErrorCode.NotFound, '试卷中没有这道题');
  const item = await findPaperItem(context.db, row.id, index);
  if (!item) throw new AppError(ErrorCode.NotFound, '试卷中没有这道题');
  if (item.submittedAt) {
    if (item.submittedBy === 'learner' && sameAnswer(item, answer)) {
      // The paper as it is now: the first request may have stored the item after `row` was read.
      return stateOf(
        context,
        await show(context, await settle(context, await reload(context, row))),
      );
    }
    if (item.submittedBy === 'clock') {
      throw new AppError(ErrorCode.InvalidInput, '本题作答时间已到，已按自动保存的内容提交');
    }
    if (item.submittedBy === 'finish') {
      throw new AppError(ErrorCode.InvalidInput, '这份模考已交卷，不能再作答');
    }
    throw new AppError(ErrorCode.InvalidInput, '这道题已经提交，不能修改');
  }
  requireCurrent(row, index);
  if (answer.kind !== 'none') await checkAnswer(context, slot.item.itemId, answer);
  const shown = await show(context, row);
  const shownItem = (await findPaperItem(context.db, row.id, index)) ?? item;
  const now = context.clock.now();
  const deadline = deadlineOf(slot, shown.currentShownAt, sectionsOf(shown));
  if (deadline && isPastGrace(deadline, now)) {
    // Settled just above; only a request that crossed the deadline since lands here.
    return stateOf(context, await show(context, await settle(context, shown)));
  }
  const stored = await submitItem(context, shown, slot, shownItem, answer, 'learner', now);
  if (!stored) {
    // Another request submitted the item meanwhile: only the same answer is the same request.
    const first = await findPaperItem(context.db, row.id, index);
    if (first?.submittedBy === 'clock') {
      throw new AppError(ErrorCode.InvalidInput, '本题作答时间已到，已按自动保存的内容提交');
    }
    if (!first || first.submittedBy !== 'learner' || !sameAnswer(first, answer)) {
      throw new AppError(ErrorCode.InvalidInput, '这道题已经提交，不能修改');
    }
  }
  if (stored) await moveOn(context, shown, index, 'learner');
  // Settled again: a request that lost the race may read the paper before the winner moved it.
  const next = await settle(context, await reload(context, shown));
  return stateOf(context, await show(context, next));
}

/**
 * The current spoken item's recording, sent first through the resumable uploader (issue 14) and
 * referenced here by its key: the same submission as a recording in the request body. The
 * upload is removed once the item keeps its own copy; a retry of the same request after that
 * finds the item submitted with a recording and answers the paper as it is.
 */
export async function submitUploadedRecording(
  context: MockContext,
  userId: number,
  publicId: string,
  index: number,
  key: string,
): Promise<MockPaperState> {
  const storage = context.attempts.storage;
  const wav = await readCompletedUpload(
    { db: context.db, storage },
    userId,
    'mock-recording',
    key,
    RECORDING_MAX_BYTES,
  );
  if (!wav) {
    const row = await requireOwnPaper(context, userId, publicId);
    const item = await findPaperItem(context.db, row.id, index);
    if (item?.submittedBy !== 'learner' || item.recordingSha256 === null) {
      throw new AppError(ErrorCode.NotFound, '没有找到这段上传完成的录音，请重新上传');
    }
    return stateOf(context, await show(context, await settle(context, row)));
  }
  const state = await submitAnswer(context, userId, publicId, index, { kind: 'recording', wav });
  // Scoring stored its own copy (or the deferred one): the upload has served its purpose.
  await removeUploadedObject({ storage }, key).catch(() => undefined);
  return state;
}

function sameAnswer(item: MockItemRow, answer: Answer): boolean {
  switch (answer.kind) {
    case 'none':
      return item.answer === null && item.recordingSha256 === null;
    case 'written':
      return JSON.stringify(item.answer) === JSON.stringify(answer.answer);
    case 'recording':
      return item.recordingSha256 === sha256(answer.wav);
  }
}

/**
 * The learner ends the paper early: the current item is submitted with its draft, the items not
 * reached as unanswered, and the paper goes to scoring.
 */
export async function finishPaper(
  context: MockContext,
  userId: number,
  publicId: string,
): Promise<MockPaperState> {
  let row = await settle(context, await requireOwnPaper(context, userId, publicId));
  if (row.status === 'in_progress') {
    const now = context.clock.now();
    const slots = slotsOf(paperOf(row));
    const items = await findPaperItems(context.db, row.id);
    for (const slot of slots.slice(row.currentIndex)) {
      const item = items[slot.index];
      if (!item || item.submittedAt) continue;
      const answer =
        slot.index === row.currentIndex ? draftOf(slot, item) : { kind: 'none' as const };
      await submitItem(
        context,
        row,
        slot,
        item,
        await checkedOrNone(context, slot, answer),
        'finish',
        now,
      );
    }
    row = await finish(context, row, 'learner', now);
  }
  return stateOf(context, row);
}

/** A draft that would be refused as an answer counts as no answer (the clock cannot ask again). */
async function checkedOrNone(
  context: MockContext,
  slot: PaperSlot,
  answer: Answer,
): Promise<Answer> {
  if (answer.kind === 'none') return answer;
  try {
    await checkAnswer(context, slot.item.itemId, answer);
    return answer;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.InvalidInput) return { kind: 'none' };
    throw error;
  }
}

async function finish(
  context: MockContext,
  row: MockPaperRow,
  by: 'learner' | 'clock',
  now: Date,
): Promise<MockPaperRow> {
  if (row.status !== 'in_progress') return row;
  const finished =
    (await updatePaper(context.db, row.id, {
      status: 'scoring',
      finishedAt: now,
      finishedBy: by,
      currentShownAt: null,
    })) ?? row;
  return refreshScoring(context, finished);
}

export async function discardPaper(
  context: MockContext,
  userId: number,
  publicId: string,
): Promise<MockPaperState> {
  let row = await settle(context, await requireOwnPaper(context, userId, publicId));
  if (row.status === 'in_progress') {
    const now = context.clock.now();
    row = (await updatePaper(context.db, row.id, { status: 'discarded', discardedAt: now })) ?? row;
  } else if (row.status !== 'discarded') {
    throw new AppError(ErrorCode.InvalidInput, '已交卷的模考不能放弃');
  }
  return stateOf(context, row);
}

/**
 * Papers not finished 72 h after they were started are discarded (run periodically; a read of
 * such a paper discards it too). Returns how many.
 */
export async function discardAbandonedPapers(
  context: Pick<MockContext, 'db'>,
  now: Date,
): Promise<number> {
  return discardStartedBefore(context.db, new Date(now.getTime() - 72 * 3600 * 1000), now);
}

/**
 * How old a finished mock-recording upload is when the clean-up takes it: past any paper it
 * could answer. An upload is claimed only by a paper still in progress, which is at most
 * MOCK_RESUME_HOURS old and so was started before the upload finished; a day more covers clocks
 * of a fleet that disagree and a paper being settled as the hour turns.
 */
export const UNCLAIMED_RECORDING_SECONDS = (MOCK_RESUME_HOURS + 24) * 3600;

/**
 * Periodic work (issue 14): mock-recording uploads that no submit will claim any more. A claimed
 * one's object went with its claim and only its row is left; an unclaimed one (the learner
 * closed the tab between the upload and the submit, or sent the raw body after all) still holds
 * the recording under the learner's prefix. Both go, with the rows of aborted ones (their parts
 * went with `abortAbandonedUploads`).
 */
export async function removeUnclaimedRecordingUploads(
  context: Pick<AppContext, 'db' | 'clock' | 'storage'>,
): Promise<RemoveFinishedResult> {
  return removeFinishedUploads(context, 'mock-recording', {
    olderThanSeconds: UNCLAIMED_RECORDING_SECONDS,
  });
}

/**
 * Periodic work (for the queue to schedule): papers whose scoring has ended are made ready with
 * their report even if nobody reads them meanwhile (reads do the same for the paper they read).
 * Returns how many papers became ready.
 */
export async function settleScoringPapers(context: MockContext, batch = 50): Promise<number> {
  let ready = 0;
  for (const row of await findPapersInStatus(context.db, 'scoring', batch)) {
    if ((await refreshScoring(context, row)).status === 'ready') ready++;
  }
  return ready;
}

// ── Scoring progress and the report ────────────────────────────────────────────────────────

/**
 * Asks after every item still being scored (without waiting) and, once every item's scoring has
 * ended, stores the report and makes the paper ready.
 */
async function refreshScoring(context: MockContext, row: MockPaperRow): Promise<MockPaperRow> {
  if (row.status === 'discarded') return row;
  const items = await findPaperItems(context.db, row.id);
  const now = context.clock.now();
  // Once the queue refuses one deferred answer for now (the learner's recordings in flight, or a
  // full queue), it would refuse the rest of this read too: trying them all read every deferred
  // recording back from storage and ran the scorer's checks on each, at every poll of the report,
  // on the cores the scoring jobs need (a back-to-back paper defers ~40).
  let isQueueBusy = false;
  for (const item of items) {
    if (item.scoring === 'scoring') {
      await updateItem(context.db, row.id, item.itemIndex, await askScoring(context, row, item));
    } else if (item.scoring === 'deferred' && !isQueueBusy) {
      isQueueBusy = (await retryDeferred(context, row, item, now)) === 'busy';
    }
  }
  if (row.status !== 'scoring') return row;
  const after = await findPaperItems(context.db, row.id);
  if (after.some((item) => !isDone(item.scoring))) return row;
  const report = await buildReport(context, row, after);
  return (await updatePaper(context.db, row.id, { status: 'ready', readyAt: now, report })) ?? row;
}

const isDone = (scoring: string) => ['scored', 'unscored', 'unanswered'].includes(scoring);

async function askScoring(
  context: MockContext,
  row: MockPaperRow,
  item: MockItemRow,
): Promise<Partial<NewMockItem>> {
  try {
    return outcomeFields(
      await scoringResult(context.attempts, {
        userId: row.userId,
        itemId: item.itemId,
        idempotencyKey: item.idempotencyKey!,
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      scoring: 'unscored',
      // Failed every try, or its job is gone (a crash between storing the item and queueing it).
      reasonZh:
        error.code === ErrorCode.Unavailable || error.code === ErrorCode.NotFound
          ? FAILED_ZH
          : error.message,
    };
  }
}

/** Queues a deferred answer; 'busy' when the queue refuses it for now (it stays deferred). */
async function retryDeferred(
  context: MockContext,
  row: MockPaperRow,
  item: MockItemRow,
  now: Date,
): Promise<'queued' | 'busy' | 'ended'> {
  const base = {
    userId: row.userId,
    itemId: item.itemId,
    timeSpentSeconds: item.timeSpentSeconds,
    idempotencyKey: item.idempotencyKey!,
  };
  const key = deferredKey(row, item.itemIndex);
  let submission: Submission;
  if (itemTypes[item.type as keyof typeof itemTypes].responseKind === 'speech') {
    const wav = await context.attempts.storage.get(key);
    if (!wav) {
      await updateItem(context.db, row.id, item.itemIndex, {
        scoring: 'unscored',
        reasonZh: FAILED_ZH,
      });
      return 'ended';
    }
    submission = { ...base, kind: 'recording', wav };
  } else {
    submission = { ...base, kind: 'written', answer: item.answer };
  }
  try {
    const result = await scoreAndStore(submission, {
      chargeQuota: false,
      context: context.attempts,
    });
    await updateItem(context.db, row.id, item.itemIndex, outcomeFields(result));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const busy = error.code === ErrorCode.Unavailable || error.code === ErrorCode.TooManyRequests;
    const waited = now.getTime() - (item.submittedAt?.getTime() ?? now.getTime());
    if (busy && waited < DEFERRED_GIVE_UP_MS) return 'busy';
    await updateItem(context.db, row.id, item.itemIndex, {
      scoring: 'unscored',
      reasonZh: busy ? FAILED_ZH : error.message,
    });
    await context.attempts.storage.remove(key);
    return 'ended';
  }
  await context.attempts.storage.remove(key);
  return 'queued';
}

async function storedResult(
  context: MockContext,
  row: MockPaperRow,
  item: MockItemRow,
): Promise<ExamedResult | null> {
  if (!item.idempotencyKey || item.attemptId === null) return null;
  try {
    const result = await scoringResult(context.attempts, {
      userId: row.userId,
      itemId: item.itemId,
      idempotencyKey: item.idempotencyKey,
    });
    return isScoringPending(result) ? null : result;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

async function buildReport(
  context: MockContext,
  row: MockPaperRow,
  items: MockItemRow[],
): Promise<StoredReport> {
  const paper = paperOf(row);
  const outcomes: MockItemOutcome[] = [];
  for (const item of items) {
    const type = item.type as MockItemOutcome['type'];
    if (item.scoring === 'unanswered') {
      // Nothing given: the lowest result of the item, as in the real test.
      outcomes.push({ itemId: item.itemId, type, result: { score: 0, max: 1 } });
    } else if (item.scoring === 'scored') {
      const stored = await storedResult(context, row, item);
      outcomes.push({
        itemId: item.itemId,
        type,
        result: stored ? (stored.attempt.result as unknown as MockResultInput) : null,
        failureZh: FAILED_ZH,
      });
    } else {
      outcomes.push({
        itemId: item.itemId,
        type,
        result: null,
        failureZh: item.reasonZh ?? FAILED_ZH,
      });
    }
  }
  const profile = scoringProfiles[paper.scoringProfileId] ?? CURRENT_SCORING_PROFILE;
  const scores = aggregateMockScores(outcomes, profile);
  return { scores, timeByPart: timeByPart(paper, items) };
}

function timeByPart(paper: MockPaper, items: MockItemRow[]): MockPartTime[] {
  return paper.parts.map((part) => ({
    partId: part.id,
    titleZh: part.titleZh,
    titleEn: part.titleEn,
    usedSeconds: part.items.reduce(
      (sum, item) => sum + (items[item.index]?.timeSpentSeconds ?? 0),
      0,
    ),
    limitSeconds: partLimitSeconds(part),
  }));
}

// ── Reading: state, records, report, analysis ──────────────────────────────────────────────

async function stateOf(context: MockContext, row: MockPaperRow): Promise<MockPaperState> {
  const paper = paperOf(row);
  const items = await findPaperItems(context.db, row.id);
  const now = context.clock.now();
  let current: MockPaperState['current'] = null;
  const slot = row.status === 'in_progress' ? slotsOf(paper)[row.currentIndex] : undefined;
  if (slot && row.currentShownAt) {
    const deadline = deadlineOf(slot, row.currentShownAt, sectionsOf(row));
    const item = items[slot.index];
    const detail = await itemDetail(context.items, slot.item.itemId, null);
    const sectionStart = usesSectionClock(slot)
      ? new Date((deadline?.getTime() ?? now.getTime()) - (slot.part.sectionSeconds ?? 0) * 1000)
      : row.currentShownAt;
    current = {
      index: slot.index,
      partId: slot.part.id,
      numberInPart: slot.numberInPart,
      itemId: slot.item.itemId,
      type: slot.item.type,
      timing: slot.item.timing,
      content: detail.content,
      clock: usesSectionClock(slot) ? 'section' : 'item',
      startedAt: sectionStart.toISOString(),
      deadline: (deadline ?? now).toISOString(),
      remainingSeconds: deadline ? Math.max(0, (deadline.getTime() - now.getTime()) / 1000) : 0,
      draft: item?.draft ?? null,
      draftSavedAt: item?.draftSavedAt?.toISOString() ?? null,
    };
  }
  return toPaperState(row, paper, items, current, now);
}

export async function listRecords(
  context: MockContext,
  userId: number,
  page: number,
  perPage: number,
): Promise<MockRecordList> {
  const listed = await listPapers(context.db, userId, page, perPage);
  const total = listed.total;
  let rows = listed.rows;
  if (rows.some((row) => row.status === 'scoring' || row.status === 'in_progress')) {
    const refreshed: MockPaperRow[] = [];
    for (const row of rows) {
      let next = row;
      if (row.status === 'in_progress') next = await settle(context, row);
      if (next.status === 'scoring') next = await refreshScoring(context, next);
      refreshed.push(next);
    }
    rows = refreshed;
  }
  const counts = await countItems(
    context.db,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) => toRecord(row, paperOf(row), counts.get(row.id))),
    total,
    page,
    perPage,
  };
}

/** A finished paper by its public id, for the report and analysis: anyone with the link. */
async function requireFinished(context: MockContext, publicId: string): Promise<MockPaperRow> {
  let row = await findPaperByPublicId(context.db, publicId);
  if (!row || row.status === 'discarded') throw new AppError(ErrorCode.NotFound, NOT_FOUND_ZH);
  row = await settle(context, row);
  if (row.status === 'scoring') row = await refreshScoring(context, row);
  // The keys stay hidden while the paper is being sat.
  if (row.status === 'in_progress' || row.status === 'discarded') {
    throw new AppError(ErrorCode.NotFound, '这份模考还没有交卷，暂无成绩单');
  }
  return row;
}

export async function mockReport(
  context: MockContext,
  viewerId: number | null,
  publicId: string,
): Promise<MockReport> {
  const row = await requireFinished(context, publicId);
  const paper = paperOf(row);
  const items = await findPaperItems(context.db, row.id);
  const isOwner = viewerId === row.userId;
  const owner = await findUser(context, row.userId);
  const stored = row.report as StoredReport | null;
  let previous: MockComparisonEntry[] = [];
  if (isOwner && row.status === 'ready') {
    const earlier = await findEarlierReady(
      context.db,
      row.userId,
      row.finishedAt ?? context.clock.now(),
      row.id,
      COMPARE_WITH,
    );
    previous = earlier.map(toComparisonEntry);
  }
  const done = items.filter((item) => isDone(item.scoring)).length;
  return {
    id: row.publicId,
    status: row.status as MockReport['status'],
    blueprint: blueprintRefOf(row),
    isOwner,
    learnerName: publicName(owner?.nickname ?? '', isOwner),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    readyAt: row.readyAt?.toISOString() ?? null,
    progress: { done, total: items.length },
    scores: (stored?.scores as MockScoreReport | undefined) ?? null,
    timeByPart: stored?.timeByPart ?? timeByPart(paper, items),
    items: slotsOf(paper).map((slot) => toReportItem(slot, items[slot.index])),
    previous,
  };
}

/**
 * The learner's name on a report: their nickname, but in a public view without runs of digits
 * (the default nickname is 用户 + the phone's last four digits).
 */
function publicName(nickname: string, isOwner: boolean): string {
  const name = isOwner ? nickname : nickname.replace(/\d{3,}/g, '****');
  return name.trim() || '学员';
}

export async function itemAnalysis(
  context: MockContext,
  viewerId: number | null,
  publicId: string,
  index: number,
): Promise<MockItemAnalysis> {
  const row = await requireFinished(context, publicId);
  const paper = paperOf(row);
  const slots = slotsOf(paper);
  const slot = slots[index];
  const item = await findPaperItem(context.db, row.id, index);
  if (!slot || !item) throw new AppError(ErrorCode.NotFound, '试卷中没有这道题');
  const isOwner = viewerId === row.userId;
  const detail = await itemDetail(context.items, slot.item.itemId, null);
  const answer = await itemAnswer(context.items, slot.item.itemId);
  const stored =
    item.scoring === 'scored' || item.attemptId !== null
      ? await storedResult(context, row, item)
      : null;
  const attemptAnswer = stored?.attempt.answer as
    { recording?: { url: string; durationSeconds: number } } | undefined;
  const recording = isOwner && attemptAnswer?.recording ? attemptAnswer.recording : null;
  const reportItem = toReportItem(slot, item);
  return {
    paperId: row.publicId,
    index,
    itemCount: slots.length,
    partId: slot.part.id,
    numberInPart: slot.numberInPart,
    itemId: slot.item.itemId,
    type: slot.item.type,
    timing: slot.item.timing,
    content: detail.content,
    answer,
    status: reportItem.status,
    learnerAnswer: item.answer ?? null,
    recording,
    result: stored?.attempt.result ?? null,
    score: reportItem.score,
    max: reportItem.max,
    reasonZh: reportItem.reasonZh,
    timeSpentSeconds: item.timeSpentSeconds,
    isOwner,
    previousIndex: index > 0 ? index - 1 : null,
    nextIndex: index + 1 < slots.length ? index + 1 : null,
  };
}
