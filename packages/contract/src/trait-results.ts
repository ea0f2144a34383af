import { z } from 'zod';
import { TraitIdSchema } from './item-types/scoring-profiles';

/** Trait results shared by written and spoken answers (kept apart so speech.ts and attempts.ts need not import each other). */

/** A stretch of the learner's text a trait points at (a misspelt word, a grammar slip, a bullet line). */
export const TextMarkSchema = z.object({
  start: z.int().min(0).describe('在作答文本中的起点（UTF-16 下标）'),
  end: z.int().min(0),
  text: z.string(),
  messageZh: z.string().describe('说明'),
  suggestion: z.string().optional().describe('建议改为'),
});
export type TextMark = z.infer<typeof TextMarkSchema>;

/** A measured quantity behind a trait score, shown beside it (word count, lexical diversity…). */
export const TraitMeasureSchema = z.object({
  labelZh: z.string(),
  value: z.string(),
});

export const KeyPointVerdictSchema = z.object({
  point: z.string().describe('要点'),
  covered: z.boolean(),
  matched: z.string().optional().describe('作答中体现该要点的词'),
});

export const TraitResultSchema = z
  .object({
    trait: TraitIdSchema,
    score: z.int().min(0),
    max: z.int().min(0),
    summaryZh: z.string().describe('一句话结论'),
    marks: z.array(TextMarkSchema),
    measures: z.array(TraitMeasureSchema),
    keyPoints: z.array(KeyPointVerdictSchema).optional(),
  })
  .meta({ id: 'TraitResult', description: '单项评分及依据' });
export type TraitResult = z.infer<typeof TraitResultSchema>;
