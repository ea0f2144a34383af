import { z } from 'zod';
import { SpeechResultSchema } from '../speech';
import {
  ListeningMaterialIdSchema,
  ListeningModeSchema,
  ListeningProgressSchema,
} from './materials';
import { ListeningReviewOutcomeSchema } from './review';

/** Saving where the learner is: the sentence and the mode (PUT …/progress). */
export const ListeningProgressBodySchema = z
  .object({
    position: z.int().min(0).max(999).describe('当前句序号（从 0 起）'),
    mode: ListeningModeSchema,
  })
  .meta({ id: 'ListeningProgressBody', description: '保存精听位置与模式' });
export type ListeningProgressBody = z.infer<typeof ListeningProgressBodySchema>;

export const ListeningSentenceParamsSchema = z.object({
  materialId: ListeningMaterialIdSchema,
  index: z.coerce.number().int().min(0).max(999).describe('句序号（从 0 起）'),
});

/** The longest dictation accepted: a sentence is at most ~60 words. */
export const LISTENING_DICTATION_MAX_CHARS = 1_000;

export const ListeningDictationBodySchema = z
  .object({
    text: z.string().max(LISTENING_DICTATION_MAX_CHARS).describe('听写的句子'),
    /** Set when the sentence is answered as a review card (今日复习): the card is graded too. */
    reviewCardId: z.int().min(1).optional().describe('复习卡片 id（从今日复习进入时）'),
  })
  .meta({ id: 'ListeningDictationBody', description: '提交一句听写' });
export type ListeningDictationBody = z.infer<typeof ListeningDictationBodySchema>;

/**
 * One token of the word diff, in reading order. correct: as in the transcript; missing: in the
 * transcript, not written (`expected` set, `written` null); extra: written, not in the transcript
 * (`written` set, `expected` null); misspelt: written close to the transcript's word (edit
 * distance ≤ 1 for words up to 4 letters, ≤ 2 longer); wrong: another word in its place.
 * Words are compared after the WFD rules' normalisation (case, punctuation, curly apostrophes).
 */
export const ListeningDiffKindSchema = z.enum(['correct', 'missing', 'extra', 'misspelt', 'wrong']);
export type ListeningDiffKind = z.infer<typeof ListeningDiffKindSchema>;

export const ListeningDiffTokenSchema = z.object({
  kind: ListeningDiffKindSchema,
  /** The transcript's word (normalised); null for an extra word. */
  expected: z.string().nullable(),
  /** The learner's word (normalised); null for a missing word. */
  written: z.string().nullable(),
});
export type ListeningDiffToken = z.infer<typeof ListeningDiffTokenSchema>;

export const ListeningDictationResultSchema = z
  .object({
    materialId: ListeningMaterialIdSchema,
    index: z.int().min(0),
    /** The WFD score: transcript words written and spelt right (any order). */
    score: z.int().min(0),
    max: z.int().min(0),
    /** Every transcript word written right: otherwise the sentence enters the review deck. */
    passed: z.boolean(),
    diff: z.array(ListeningDiffTokenSchema),
    /** The sentence as spoken (shown after the attempt). */
    transcript: z.string(),
    /** Words missed (missing, misspelt, wrong) that were put in the word book, as headwords. */
    addedToWordBook: z.array(z.string()),
    progress: ListeningProgressSchema,
    /** The review card graded by this answer (reviewCardId), else null. */
    review: ListeningReviewOutcomeSchema.nullable(),
  })
  .meta({
    id: 'ListeningDictationResult',
    description: '听写结果：逐词比对、得分、加入生词本的词',
  });
export type ListeningDictationResult = z.infer<typeof ListeningDictationResultSchema>;

/**
 * Shadowing: the recording is the raw request body (16 kHz mono PCM16 WAV, as practice records),
 * the rest in the query string.
 */
export const ListeningShadowingQuerySchema = z
  .object({
    reviewCardId: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe('复习卡片 id（从今日复习进入时）'),
    /**
     * One per recording, kept across retries: a retried upload is scored once, and the score of
     * a take still being scored is asked for with it (GET). The server makes one when it is left
     * out and says it in the pending answer.
     */
    idempotencyKey: z.uuid().optional().describe('本次录音的唯一标识（重试时不变）'),
  })
  .describe('提交一句跟读（录音为请求体）');
export type ListeningShadowingQuery = z.infer<typeof ListeningShadowingQuerySchema>;

/** Asking again for a take the server said is still being scored (GET …/shadowing). */
export const ListeningShadowingResultQuerySchema = z
  .object({
    idempotencyKey: z.uuid().describe('提交跟读时用的唯一标识'),
    reviewCardId: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe('复习卡片 id（从今日复习进入时）'),
  })
  .describe('查询一句跟读的评分结果');
export type ListeningShadowingResultQuery = z.infer<typeof ListeningShadowingResultQuerySchema>;

/**
 * A take waiting for a scoring worker (HTTP 202), as a practice recording may: ask again with
 * GET …/shadowing?idempotencyKey= after `retryAfterSeconds`.
 */
export const ListeningShadowingPendingSchema = z
  .object({
    status: z.literal('scoring'),
    retryAfterSeconds: z.int().min(1),
    idempotencyKey: z.uuid(),
  })
  .meta({ id: 'ListeningShadowingPending', description: '跟读录音正在评分：稍后查询结果' });
export type ListeningShadowingPending = z.infer<typeof ListeningShadowingPendingSchema>;

/** A sentence is short: 60 s of 16 kHz mono PCM16 with its header is plenty. */
export const LISTENING_RECORDING_MAX_BYTES = 60 * 32_000 + 44;

/** A shadowing try below this share of the sentence's score enters the review deck. */
export const SHADOWING_PASS_RATIO = 0.6;

export const ListeningShadowingResultSchema = z
  .object({
    materialId: ListeningMaterialIdSchema,
    index: z.int().min(0),
    score: z.int().min(0),
    max: z.int().min(0),
    passed: z.boolean(),
    /** The speech engine's result against the sentence: words coloured as in practice. */
    result: SpeechResultSchema,
    /** The learner's recording (a signed link), to play back to back with the original. */
    recordingUrl: z.string(),
    progress: ListeningProgressSchema,
    review: ListeningReviewOutcomeSchema.nullable(),
  })
  .meta({ id: 'ListeningShadowingResult', description: '跟读结果：逐词评分与录音回放' });
export type ListeningShadowingResult = z.infer<typeof ListeningShadowingResultSchema>;

export const isShadowingPending = (
  answer: ListeningShadowingResult | ListeningShadowingPending,
): answer is ListeningShadowingPending => 'status' in answer && answer.status === 'scoring';
