import { z } from 'zod';
import { TraitIdSchema } from './item-types/scoring-profiles';
import { ItemTypeCodeSchema } from './item-types/catalogue';
import { ItemAnswerSchema } from './items';
import { SpeechResultSchema } from './speech';
import { TraitResultSchema } from './trait-results';
import { ATTEMPT_MAX_SECONDS } from './attempts-data';

/**
 * Scored attempts (spec §7 `POST /api/posts/examed`): what the exercise page sends and the server's
 * own score of it. The client's score is never trusted: the server rescores every answer. The
 * constants are in `attempts-data.ts` (no zod), re-exported here.
 */
export * from './attempts-data';

/**
 * A spoken attempt (issue 6): the recording is the raw request body (a 16 kHz mono PCM16 WAV, the
 * spec's upload helper: raw body, abortable); the rest travels in the query string.
 */
export const ExamedVoiceQuerySchema = z
  .object({
    itemId: z.string().min(1).max(40).describe('题目 id'),
    timeSpentSeconds: z.coerce
      .number()
      .int()
      .min(0)
      .max(ATTEMPT_MAX_SECONDS)
      .describe('作答用时（秒）'),
    idempotencyKey: z.uuid().describe('本次提交的唯一标识：重复提交只记一次'),
  })
  // No schema id: a querystring schema with one breaks the OpenAPI document (fastify-swagger).
  .describe('提交一次口语练习（录音为请求体）');
export type ExamedVoiceQuery = z.infer<typeof ExamedVoiceQuerySchema>;

/** What a spoken attempt stores as its answer: where the recording is kept. */
export const RecordingAnswerSchema = z
  .object({
    recording: z.object({
      url: z.string().describe('录音地址'),
      durationSeconds: z.number().min(0),
    }),
  })
  .meta({ id: 'RecordingAnswer', description: '口语作答：录音' });
export type RecordingAnswer = z.infer<typeof RecordingAnswerSchema>;

export const ExamedBodySchema = z
  .object({
    itemId: z.string().min(1).max(40).describe('题目 id'),
    answer: z.unknown().describe('作答，结构随题型（见 BlanksAnswer、ChoiceAnswer 等）'),
    timeSpentSeconds: z.int().min(0).max(ATTEMPT_MAX_SECONDS).describe('作答用时（秒）'),
    idempotencyKey: z.uuid().describe('本次提交的唯一标识：重复提交只记一次'),
  })
  .meta({ id: 'ExamedBody', description: '提交一次练习' });
export type ExamedBody = z.infer<typeof ExamedBodySchema>;

const scoreFields = { score: z.int().min(0), max: z.int().min(0) };

export const BlankVerdictSchema = z.object({
  blank: z.int(),
  given: z.string(),
  expected: z.string(),
  correct: z.boolean(),
});

export const ObjectiveResultSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('blanks'), ...scoreFields, blanks: z.array(BlankVerdictSchema) }),
    z.object({
      kind: z.literal('choices'),
      ...scoreFields,
      options: z.array(z.object({ id: z.string(), chosen: z.boolean(), correct: z.boolean() })),
    }),
    z.object({
      kind: z.literal('reorder'),
      ...scoreFields,
      pairs: z.array(z.object({ first: z.string(), second: z.string(), correct: z.boolean() })),
    }),
    z.object({
      kind: z.literal('highlights'),
      ...scoreFields,
      found: z.array(z.int()),
      missed: z.array(z.int()),
      wrong: z.array(z.int()),
    }),
    z.object({
      kind: z.literal('dictation'),
      ...scoreFields,
      words: z.array(z.object({ text: z.string(), kind: z.enum(['correct', 'missed', 'extra']) })),
    }),
  ])
  .meta({ id: 'ObjectiveResult', description: '客观题评分明细' });
export type ObjectiveResult = z.infer<typeof ObjectiveResultSchema>;

export {
  KeyPointVerdictSchema,
  TextMarkSchema,
  TraitMeasureSchema,
  TraitResultSchema,
  type TextMark,
  type TraitResult,
} from './trait-results';

export const WritingResultSchema = z
  .object({
    kind: z.literal('writing'),
    ...scoreFields,
    wordCount: z.int().min(0),
    traits: z.array(TraitResultSchema),
    /** The trait whose 0 zeroed the item (pte-rules §Gate rules), or null. */
    gatedBy: TraitIdSchema.nullable(),
  })
  .meta({ id: 'WritingResult', description: '写作题（SWT、WE、SST）按维度评分' });
export type WritingResult = z.infer<typeof WritingResultSchema>;

export const AttemptResultSchema = z.union([
  ObjectiveResultSchema,
  WritingResultSchema,
  SpeechResultSchema,
]);
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

export const AttemptSchema = z
  .object({
    id: z.string().describe('练习记录 id'),
    itemId: z.string(),
    type: ItemTypeCodeSchema,
    answer: z.unknown(),
    score: z.int().min(0),
    max: z.int().min(0),
    result: AttemptResultSchema,
    scoringProfile: z.string().describe('评分所用的版本'),
    timeSpentSeconds: z.int().min(0),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Attempt', description: '一次练习及其得分' });
export type Attempt = z.infer<typeof AttemptSchema>;

export const ExamedResultSchema = z
  .object({
    attempt: AttemptSchema,
    /** The key and 解析 come with a scored attempt (issue: never before). */
    answer: ItemAnswerSchema,
    /** Uses left after this attempt; null for members (unlimited). */
    energy: z.int().min(0).nullable(),
  })
  .meta({ id: 'ExamedResult', description: '提交结果：得分、答案与解析、剩余次数' });
export type ExamedResult = z.infer<typeof ExamedResultSchema>;

/**
 * An answer still being scored (a recording or an essay waits for a scoring worker; HTTP 202):
 * ask again with GET /api/posts/scoringResult after `retryAfterSeconds`.
 */
export const ScoringPendingSchema = z
  .object({
    status: z.literal('scoring'),
    retryAfterSeconds: z.int().min(1),
  })
  .meta({ id: 'ScoringPending', description: '作答正在评分中：稍后用 scoringResult 查询结果' });
export type ScoringPending = z.infer<typeof ScoringPendingSchema>;

export const ScoringResultQuerySchema = z
  .object({
    itemId: z.string().min(1).max(40).describe('题目 id'),
    idempotencyKey: z.uuid().describe('提交时用的唯一标识'),
  })
  .describe('查询一次提交的评分结果');
export type ScoringResultQuery = z.infer<typeof ScoringResultQuerySchema>;

export const AttemptHistoryQuerySchema = z.object({
  itemId: z.string().min(1).max(40).describe('题目 id'),
});
export const AttemptHistorySchema = z
  .object({ list: z.array(AttemptSchema) })
  .meta({ id: 'AttemptHistory', description: '本人在这道题上的练习记录，新的在前' });
export type AttemptHistory = z.infer<typeof AttemptHistorySchema>;
