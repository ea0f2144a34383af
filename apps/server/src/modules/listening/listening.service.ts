import {
  ErrorCode,
  LISTENING_GRADES,
  LISTENING_LENGTHS,
  SHADOWING_PASS_RATIO,
  type ListeningDictationBody,
  type ListeningDictationResult,
  type ListeningListQuery,
  type ListeningMaterialDetail,
  type ListeningMaterialList,
  type ListeningMode,
  type ListeningProgress,
  type ListeningProgressBody,
  type ListeningRating,
  type ListeningReviewCounts,
  type ListeningReviewDeck,
  type ListeningReviewOutcome,
  type ListeningReviewQueue,
  type ListeningShadowingPending,
  type ListeningShadowingResult,
  type ListeningStatus,
} from '@ninety/contract';
import { diffWords, scoreDictation } from '@ninety/scoring';
import { createEmptyCard, fsrs, Rating, type Card, type FSRS, type Grade } from 'ts-fsrs';
import { recordingKey } from '../../adapters/storage/media-keys';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  referenceScoring,
  scoreAgainstReference,
  type AttemptsContext,
  type ReferenceScoring,
} from '../attempts/attempts.service';
import { addWord, type WordsDeps } from '../words/words.service';
import {
  toCard,
  toMaterialDetail,
  toMaterialSummary,
  toProgress,
  toListeningExport,
  toProgressSummary,
  toVtt,
} from './listening.mapper';
import type { Material } from './listening-catalogue';
import {
  allCardsOf,
  allSentenceScoresOf,
  cardCounts,
  deleteCard,
  dueCards,
  findCard,
  findProgress,
  insertCardIfNew,
  listCards,
  listProgress,
  sentenceScoresOf,
  triedSentenceCounts,
  updateCard,
  upsertProgress,
  upsertSentenceScore,
  type CardRow,
} from './listening.repository';

export interface ListeningDeps {
  db: Db;
  clock: Clock;
  /** The learner's day (due today) is a day in this zone (config TIME_ZONE). */
  timeZone: string;
  storage: ObjectStorage;
  /** Shadowing takes are scored on the scoring queue, as practice recordings are. */
  attempts: AttemptsContext;
  words: WordsDeps;
  /** The catalogue, read once (listening-catalogue.ts). */
  materials: () => Promise<readonly Material[]>;
  /** The FSRS scheduler; fuzz off so a schedule is reproducible. */
  scheduler: FSRS;
}

/** The scheduler the app uses: ts-fsrs defaults (90 % retention), no fuzz. */
export const listeningScheduler = (): FSRS => fsrs({ enable_fuzz: false });

/** How long a shadowing recording's link stays valid (it is played back right away). */
const RECORDING_LINK_SECONDS = 6 * 60 * 60;
/** At most this many missed words of one dictation go to the word book and the deck. */
const MAX_WORDS_PER_DICTATION = 8;
/**
 * Words not worth a word-book entry when missed: articles, pronouns, auxiliaries, prepositions
 * and conjunctions. A learner who misses "the" needs the sentence again, not a card for "the".
 */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet if as at by for from in into of off on onto out over to up ' +
    'with without about above after before below between during under until upon than then that ' +
    'this these those there here what which who whom whose when where why how i me my mine we us ' +
    'our ours you your yours he him his she her hers it its they them their theirs is am are was ' +
    'were be been being do does did done have has had having will would shall should can could may ' +
    "might must not no it's that's there's i'm we're you're they're don't doesn't didn't isn't " +
    "aren't wasn't weren't can't won't also just very too more most some any each every all both"
  ).split(/\s+/),
);

// ── Materials ────────────────────────────────────────────────────────────────────────────────

async function requireMaterial(deps: ListeningDeps, materialId: string): Promise<Material> {
  const material = (await deps.materials()).find((entry) => entry.id === materialId);
  if (!material) throw new AppError(ErrorCode.NotFound, '没有找到这篇精听材料');
  return material;
}

function requireSentence(material: Material, index: number) {
  const sentence = material.sentences[index];
  if (!sentence) {
    throw new AppError(
      ErrorCode.InvalidInput,
      `请求参数有误：句序号应在 0–${material.sentences.length - 1} 之间`,
    );
  }
  return sentence;
}

const statusOf = (tried: number, sentenceCount: number): ListeningStatus =>
  tried === 0 ? 'not_started' : tried >= sentenceCount ? 'done' : 'in_progress';

const lengthOf = (seconds: number) =>
  (
    Object.entries(LISTENING_LENGTHS) as [
      keyof typeof LISTENING_LENGTHS,
      { minSeconds: number; maxSeconds: number },
    ][]
  ).find(([, range]) => seconds >= range.minSeconds && seconds < range.maxSeconds)?.[0] ?? 'long';

/**
 * The list with its filters and search, passages first (the longer listening), then by source
 * and id. The catalogue is a few hundred entries in memory; the learner's progress is two queries.
 */
export async function listMaterials(
  deps: ListeningDeps,
  query: ListeningListQuery,
  userId: number | null,
): Promise<ListeningMaterialList> {
  if (query.progress && userId === null) {
    throw new AppError(ErrorCode.TokenMissing, '登录后才能按学习进度筛选');
  }
  const progress = userId === null ? null : await progressIndex(deps, userId);
  const keyword = query.keyword?.toLowerCase();
  const matching = (await deps.materials()).filter((material) => {
    if (query.source && material.source !== query.source) return false;
    if (query.topic && !material.topics.includes(query.topic)) return false;
    if (query.difficulty && material.difficulty !== query.difficulty) return false;
    if (query.length && lengthOf(material.durationSeconds) !== query.length) return false;
    if (keyword && !material.searchText.includes(keyword)) return false;
    if (query.progress) {
      const tried = progress?.tried.get(material.id) ?? 0;
      if (statusOf(tried, material.sentences.length) !== query.progress) return false;
    }
    return true;
  });
  const sorted = [...matching].sort(
    (a, b) =>
      Number(b.source === 'passage') - Number(a.source === 'passage') ||
      a.source.localeCompare(b.source) ||
      a.id.localeCompare(b.id),
  );
  const start = (query.page - 1) * query.perPage;
  return {
    list: sorted
      .slice(start, start + query.perPage)
      .map((material) =>
        toMaterialSummary(
          material,
          progress
            ? summaryOf(material, progress.rows.get(material.id) ?? null, progress.tried)
            : null,
        ),
      ),
    total: sorted.length,
    page: query.page,
    perPage: query.perPage,
  };
}

async function progressIndex(deps: ListeningDeps, userId: number) {
  const [rows, tried] = await Promise.all([
    listProgress(deps.db, userId),
    triedSentenceCounts(deps.db, userId),
  ]);
  return {
    rows: new Map(rows.map((row) => [row.materialId, row])),
    tried: new Map(tried.map((row) => [row.materialId, row.tried])),
  };
}

function summaryOf(
  material: Material,
  row: { position: number; mode: string; updatedAt: Date } | null,
  tried: ReadonlyMap<string, number>,
) {
  const done = Math.min(tried.get(material.id) ?? 0, material.sentences.length);
  return toProgressSummary({
    status: statusOf(done, material.sentences.length),
    doneSentences: done,
    position: Math.min(row?.position ?? 0, material.sentences.length - 1),
    mode: (row?.mode ?? 'dictation') as ListeningMode,
    updatedAt: row?.updatedAt ?? null,
  });
}

export async function materialDetail(
  deps: ListeningDeps,
  materialId: string,
  userId: number | null,
): Promise<ListeningMaterialDetail> {
  const material = await requireMaterial(deps, materialId);
  const progress = userId === null ? null : await progressOf(deps, userId, material);
  return toMaterialDetail(material, deps.storage, progress);
}

export async function materialCues(deps: ListeningDeps, materialId: string): Promise<string> {
  return toVtt(await requireMaterial(deps, materialId));
}

// ── Progress ─────────────────────────────────────────────────────────────────────────────────

async function progressOf(
  deps: ListeningDeps,
  userId: number,
  material: Material,
): Promise<ListeningProgress> {
  const [row, scores] = await Promise.all([
    findProgress(deps.db, userId, material.id),
    sentenceScoresOf(deps.db, userId, material.id),
  ]);
  const known = scores.filter((score) => score.sentenceIndex < material.sentences.length);
  const tried = new Set(known.map((score) => score.sentenceIndex)).size;
  return toProgress(material, summaryOf(material, row, new Map([[material.id, tried]])), known);
}

export async function materialProgress(
  deps: ListeningDeps,
  userId: number,
  materialId: string,
): Promise<ListeningProgress> {
  return progressOf(deps, userId, await requireMaterial(deps, materialId));
}

export async function saveProgress(
  deps: ListeningDeps,
  userId: number,
  materialId: string,
  body: ListeningProgressBody,
): Promise<ListeningProgress> {
  const material = await requireMaterial(deps, materialId);
  requireSentence(material, body.position);
  await upsertProgress(deps.db, {
    userId,
    materialId,
    position: body.position,
    mode: body.mode,
    updatedAt: deps.clock.now(),
  });
  return progressOf(deps, userId, material);
}

/** A scored sentence also moves the learner's place to it (and its mode). */
async function recordScore(
  deps: ListeningDeps,
  userId: number,
  material: Material,
  index: number,
  mode: ListeningMode,
  score: { score: number; max: number },
): Promise<ListeningProgress> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await upsertSentenceScore(db, {
      userId,
      materialId: material.id,
      sentenceIndex: index,
      mode,
      score: score.score,
      max: score.max,
      at: now,
    });
    await upsertProgress(db, {
      userId,
      materialId: material.id,
      position: index,
      mode,
      updatedAt: now,
    });
  });
  return progressOf(deps, userId, material);
}

// ── Dictation ────────────────────────────────────────────────────────────────────────────────

export async function submitDictation(
  deps: ListeningDeps,
  userId: number,
  materialId: string,
  index: number,
  body: ListeningDictationBody,
): Promise<ListeningDictationResult> {
  const material = await requireMaterial(deps, materialId);
  const sentence = requireSentence(material, index);
  const card = body.reviewCardId
    ? await requireReviewCard(deps, userId, body.reviewCardId, material.id, index)
    : null;
  const { score, max } = scoreDictation({ sentence: sentence.text }, body.text);
  const diff = diffWords(sentence.text, body.text);
  const passed = score === max;
  const missed = [
    ...new Set(
      diff
        .filter(
          (token) =>
            token.kind === 'missing' || token.kind === 'misspelt' || token.kind === 'wrong',
        )
        .map((token) => token.expected!)
        .filter(
          (word) => word.length >= 3 && !FUNCTION_WORDS.has(word) && /^[a-z][a-z'-]*$/.test(word),
        ),
    ),
  ].slice(0, MAX_WORDS_PER_DICTATION);

  const addedToWordBook: string[] = [];
  const now = deps.clock.now();
  for (const word of missed) {
    try {
      const change = await addWord(deps.words, userId, { word });
      addedToWordBook.push(change.word);
      await insertCardIfNew(
        deps.db,
        newCardRow(userId, now, {
          kind: 'word',
          mode: 'dictation',
          materialId,
          sentenceIndex: index,
          word,
        }),
      );
    } catch (error) {
      // A name or a rare form the dictionary does not know: it stays out of the word book.
      if (!(error instanceof AppError && error.code === ErrorCode.NotFound)) throw error;
    }
  }
  if (!passed) {
    await insertCardIfNew(
      deps.db,
      newCardRow(userId, now, {
        kind: 'sentence',
        mode: 'dictation',
        materialId,
        sentenceIndex: index,
        word: '',
      }),
    );
  }
  const progress = await recordScore(deps, userId, material, index, 'dictation', { score, max });

  let review: ListeningReviewOutcome | null = null;
  if (card) {
    const rating =
      card.kind === 'word'
        ? diff.some((token) => token.kind === 'correct' && token.expected === card.word)
          ? 'good'
          : 'again'
        : ratingOf('dictation', score, max);
    review = await gradeCard(deps, userId, card, rating, material);
  }
  return {
    materialId,
    index,
    score,
    max,
    passed,
    diff,
    transcript: sentence.text,
    addedToWordBook: [...new Set(addedToWordBook)],
    progress,
    review,
  };
}

// ── Shadowing ────────────────────────────────────────────────────────────────────────────────

/** A shadowing take as the learner sent it: the sentence, the review card, the take's key. */
export interface ShadowingTake {
  materialId: string;
  index: number;
  reviewCardId?: number | undefined;
  /** One per recording (the client's; the server makes one when it is left out). */
  idempotencyKey: string;
}

/** A take waiting for a scoring worker is asked for again this long after. */
const SHADOWING_RETRY_AFTER_SECONDS = 2;

/**
 * A shadowing take: the recording is scored on the scoring queue, as practice recordings are
 * (attempts' reference recordings: the sentence as a Repeat Sentence of its own text, same
 * engine, traits and coloured words), and waited for; a take still waiting after the queue's wait
 * is pending, and the page asks again with `shadowingResult`.
 */
export async function submitShadowing(
  deps: ListeningDeps,
  userId: number,
  take: ShadowingTake,
  wav: Uint8Array,
): Promise<ListeningShadowingResult | ListeningShadowingPending> {
  const material = await requireMaterial(deps, take.materialId);
  const sentence = requireSentence(material, take.index);
  if (take.reviewCardId) {
    await requireReviewCard(deps, userId, take.reviewCardId, material.id, take.index);
  }
  const scoring = await scoreAgainstReference(deps.attempts, {
    userId,
    label: `listening:${material.id}#${take.index}`,
    referenceText: sentence.text,
    wav,
    idempotencyKey: take.idempotencyKey,
  });
  return settleShadowing(deps, userId, material, take, scoring);
}

/** A take sent before: its result, or still pending. */
export async function shadowingResult(
  deps: ListeningDeps,
  userId: number,
  take: ShadowingTake,
): Promise<ListeningShadowingResult | ListeningShadowingPending> {
  const material = await requireMaterial(deps, take.materialId);
  requireSentence(material, take.index);
  if (take.reviewCardId) {
    await requireReviewCard(deps, userId, take.reviewCardId, material.id, take.index);
  }
  const scoring = await referenceScoring(deps.attempts, userId, take.idempotencyKey);
  return settleShadowing(deps, userId, material, take, scoring);
}

/**
 * A scored take becomes the sentence's: the first read of its score moves the recording to the
 * sentence's one key (only the learner's last take is kept, under their prefix, so deleting the
 * account removes it), saves the score, enters a failed sentence in the deck and grades the
 * review card. A take already moved was settled by an earlier read: reading it again (a page
 * asking twice) answers the same without grading the card again.
 */
async function settleShadowing(
  deps: ListeningDeps,
  userId: number,
  material: Material,
  take: ShadowingTake,
  scoring: ReferenceScoring,
): Promise<ListeningShadowingResult | ListeningShadowingPending> {
  if (scoring.state === 'pending') {
    return {
      status: 'scoring',
      retryAfterSeconds: SHADOWING_RETRY_AFTER_SECONDS,
      idempotencyKey: take.idempotencyKey,
    };
  }
  const { index } = take;
  const result = scoring.result;
  if (result.kind !== 'speech') throw new Error('a recording was not scored as speech');
  const key = shadowingRecordingKey(userId, material.id, index);
  const recording = await deps.storage.get(scoring.recordingKey);
  const isFirstRead = recording !== null;
  if (recording) await deps.storage.put(key, recording, 'audio/wav');
  const recordingUrl = await deps.storage.privateUrl(key, RECORDING_LINK_SECONDS);

  const { score, max } = result;
  const heard = result.unscored === undefined;
  const passed = heard && max > 0 && score / max >= SHADOWING_PASS_RATIO;
  const card = take.reviewCardId ? await findCard(deps.db, userId, take.reviewCardId) : null;
  let progress: ListeningProgress;
  let review: ListeningReviewOutcome | null = null;
  if (!isFirstRead) {
    progress = await progressOf(deps, userId, material);
    if (card && heard) {
      const rating = ratingOf('shadowing', score, max);
      review = {
        card: toCard(card, material, deps.storage),
        rating,
        nextDue: card.due.toISOString(),
      };
    }
  } else if (heard) {
    if (!passed) {
      await insertCardIfNew(
        deps.db,
        newCardRow(userId, deps.clock.now(), {
          kind: 'sentence',
          mode: 'shadowing',
          materialId: material.id,
          sentenceIndex: index,
          word: '',
        }),
      );
    }
    progress = await recordScore(deps, userId, material, index, 'shadowing', { score, max });
    if (card)
      review = await gradeCard(deps, userId, card, ratingOf('shadowing', score, max), material);
  } else {
    // "没有听清" is not a try: nothing is scored or scheduled.
    progress = await progressOf(deps, userId, material);
  }
  // Last, so a read that failed half-way settles the take again on the next.
  if (recording) await deps.storage.remove(scoring.recordingKey);
  return {
    materialId: material.id,
    index,
    score,
    max,
    passed,
    result,
    recordingUrl,
    progress,
    review,
  };
}

// ── Review deck ──────────────────────────────────────────────────────────────────────────────

const RATINGS: Record<ListeningRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

export function ratingOf(mode: ListeningMode, score: number, max: number): ListeningRating {
  const share = max > 0 ? score / max : 0;
  const grades = LISTENING_GRADES[mode];
  return share >= grades.good ? 'good' : share >= grades.hard ? 'hard' : 'again';
}

function newCardRow(
  userId: number,
  now: Date,
  identity: Pick<CardRow, 'kind' | 'mode' | 'materialId' | 'sentenceIndex' | 'word'>,
): Omit<CardRow, 'id'> {
  return { userId, ...identity, ...cardFields(createEmptyCard(now)), createdAt: now };
}

function cardFields(card: Card) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

function fsrsCard(row: CardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

async function requireReviewCard(
  deps: ListeningDeps,
  userId: number,
  cardId: number,
  materialId: string,
  index: number,
): Promise<CardRow> {
  const card = await findCard(deps.db, userId, cardId);
  if (!card) throw new AppError(ErrorCode.NotFound, '没有找到这张复习卡片');
  if (card.materialId !== materialId || card.sentenceIndex !== index) {
    throw new AppError(ErrorCode.InvalidInput, '请求参数有误：复习卡片与这句不对应');
  }
  return card;
}

/** Schedules the card's next review from this answer (ts-fsrs). */
async function gradeCard(
  deps: ListeningDeps,
  userId: number,
  card: CardRow,
  rating: ListeningRating,
  material: Material,
): Promise<ListeningReviewOutcome> {
  const next = deps.scheduler.next(fsrsCard(card), deps.clock.now(), RATINGS[rating]).card;
  const saved = await updateCard(deps.db, userId, card.id, cardFields(next));
  if (!saved) throw new AppError(ErrorCode.NotFound, '没有找到这张复习卡片');
  return { card: toCard(saved, material, deps.storage), rating, nextDue: saved.due.toISOString() };
}

/** The instant the learner's day ends (next midnight in `timeZone`). */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const localAsUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  const offset = localAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day! + 1) - offset);
}

export async function reviewCounts(
  deps: ListeningDeps,
  userId: number,
): Promise<ListeningReviewCounts> {
  const now = deps.clock.now();
  const counts = await cardCounts(deps.db, userId, now, endOfLocalDay(now, deps.timeZone));
  return {
    dueNow: counts.dueNow,
    dueToday: counts.dueToday,
    total: counts.total,
    nextDueAt: counts.nextDue?.toISOString() ?? null,
  };
}

/** Cards whose material has left the content are skipped (their rows stay for the history). */
async function cardsOf(deps: ListeningDeps, rows: readonly CardRow[]) {
  const materials = new Map((await deps.materials()).map((material) => [material.id, material]));
  return rows.flatMap((row) => {
    const material = materials.get(row.materialId);
    return material && material.sentences[row.sentenceIndex]
      ? [toCard(row, material, deps.storage)]
      : [];
  });
}

export async function reviewQueue(
  deps: ListeningDeps,
  userId: number,
  limit: number,
): Promise<ListeningReviewQueue> {
  const now = deps.clock.now();
  const [rows, counts] = await Promise.all([
    dueCards(deps.db, userId, now, limit),
    reviewCounts(deps, userId),
  ]);
  return { serverNow: now.toISOString(), cards: await cardsOf(deps, rows), counts };
}

export async function reviewDeck(
  deps: ListeningDeps,
  userId: number,
  page: { page: number; perPage: number },
): Promise<ListeningReviewDeck> {
  const { rows, total } = await listCards(deps.db, userId, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
  return { list: await cardsOf(deps, rows), total, page: page.page, perPage: page.perPage };
}

export async function removeReviewCard(deps: ListeningDeps, userId: number, cardId: number) {
  if (!(await deleteCard(deps.db, userId, cardId))) {
    throw new AppError(ErrorCode.NotFound, '没有找到这张复习卡片');
  }
  return { removed: true as const };
}

/** Where the learner's last shadowing take of a sentence is stored. */
export const shadowingRecordingKey = (userId: number, materialId: string, index: number) =>
  recordingKey(userId, `listening-${materialId}-${index}`);

/** Everything of the learner's 精听 for the account export. */
export async function listeningExportOf(deps: Pick<ListeningDeps, 'db'>, userId: number) {
  const [progress, scores, cards] = await Promise.all([
    listProgress(deps.db, userId),
    allSentenceScoresOf(deps.db, userId),
    allCardsOf(deps.db, userId),
  ]);
  return toListeningExport(progress, scores, cards);
}
