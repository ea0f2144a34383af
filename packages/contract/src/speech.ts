import { z } from 'zod';
import { TraitIdSchema } from './item-types/scoring-profiles';
import { TraitResultSchema } from './trait-results';

/**
 * Speaking: the answer a learner sends (a recording) and the scored result (speech-engine.md §7,
 * product-spec §3 "Speech score result", §9). The result keeps the spec's shape — an overall
 * `total_score` on the engine's 0–5 scale and one `syllables` entry per word, each with a 0–5
 * score and its phonemes — and adds what the practice page explains: timings, pauses, rate,
 * traits with Chinese advice, keywords and the 10–90 估分.
 */

/** A speaking answer: the uploaded recording (PCM16 mono 16 kHz WAV, speech-engine.md §7.2). */
export const SpeakingAnswerSchema = z
  .object({
    recording: z.object({
      url: z.string().min(1).max(2000).describe('录音地址'),
      durationSeconds: z.number().min(0).max(300).describe('录音时长（秒）'),
    }),
  })
  .meta({ id: 'SpeakingAnswer', description: '口语题作答：一段录音' });
export type SpeakingAnswer = z.infer<typeof SpeakingAnswerSchema>;

/**
 * Word colour bands (spec §3), served by `GET /api/voice/getColor` and held in sessionStorage.
 * `start`/`end` are on the 0–90 display scale reached by score × 18 (spec §9), so a band of
 * 85–100 is reached only by a word score of 4.72 or more.
 */
export const WordColorBandSchema = z
  .object({
    id: z.int(),
    start: z.number(),
    end: z.number(),
    color: z.string(),
    status: z.int().describe('2 好，1 一般，0 差'),
  })
  .meta({ id: 'WordColorBand', description: '单词评分颜色区间' });
export type WordColorBand = z.infer<typeof WordColorBandSchema>;

/** Spec §3 defaults: 85–100 green (status 2), 70–85 dark grey (status 1), 0–70 red (status 0). */
export const defaultWordColorBands: readonly WordColorBand[] = [
  { id: 1, start: 85, end: 100, color: '#52c41a', status: 2 },
  { id: 2, start: 70, end: 85, color: '#595959', status: 1 },
  { id: 3, start: 0, end: 70, color: '#ff4d4f', status: 0 },
];

/** `GET /api/voice/getColor`: the bands, as the client sorts them itself (spec §7). */
export const WordColorBandsSchema = z
  .array(WordColorBandSchema)
  .meta({ id: 'WordColorBands', description: '单词评分颜色区间列表' });

/** An engine score (0–5) is multiplied by this to reach the 0–90 display scale (spec §9). */
export const SPEECH_SCORE_FACTOR = 18;

/** How a word or phone reads (speech-engine.md §7.4 Colours); `omitted` is a word not said. */
export const SpeechVerdictSchema = z.enum(['good', 'unclear', 'bad', 'omitted']);
export type SpeechVerdict = z.infer<typeof SpeechVerdictSchema>;

export const SpeechPhonemeSchema = z.object({
  text: z.string().describe('音标（IPA）'),
  arpabet: z.string().describe('模型音素名（ARPAbet）'),
  type: SpeechVerdictSchema,
  score: z.number().min(0).max(5).describe('0–5，×18 即 0–90'),
});
export type SpeechPhoneme = z.infer<typeof SpeechPhonemeSchema>;

/** One word of the reference text (RA, RS) or one recognised word (DI, RL, RTS, SGD, ASQ). */
export const SpeechSyllableSchema = z.object({
  word: z.string(),
  score: z.number().min(0).max(5).describe('0–5，×18 即 0–90（取颜色区间）'),
  type: SpeechVerdictSchema,
  start: z.number().min(0).describe('秒'),
  end: z.number().min(0),
  omitted: z.boolean().describe('没有读出（显示为灰色并加括号）'),
  heardAs: z
    .string()
    .optional()
    .describe('朗读题：听起来像这个近音词（和原词差一个音素），算读错；音素是听到的词的'),
  squeezed: z
    .boolean()
    .optional()
    .describe(
      '朗读题：这个词只占了极短的时间（多数音素都在最短时长），像是没读或读成了别的词，算读错',
    ),
  phonemes: z.array(SpeechPhonemeSchema),
});
export type SpeechSyllable = z.infer<typeof SpeechSyllableSchema>;

export const SpeechPauseSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  /** The word the pause follows. */
  afterWord: z.string(),
  /** After a comma or full stop of the text: a natural place to breathe. */
  atPunctuation: z.boolean(),
  kind: z
    .enum(['natural', 'hesitation', 'long'])
    .describe('natural：标点处的正常停顿；hesitation：非标点处超过阈值；long：长停顿'),
});
export type SpeechPause = z.infer<typeof SpeechPauseSchema>;

/** Why no score was given ("没有听清…" rather than a number). */
export const SpeechUnscoredReasonSchema = z.enum([
  'no-speech',
  'too-quiet',
  'clipped',
  'decode-failed',
  'invalid-result',
]);
export type SpeechUnscoredReason = z.infer<typeof SpeechUnscoredReasonSchema>;

export const SpeechResultSchema = z
  .object({
    kind: z.literal('speech'),
    /** The item's raw score: the sum of its traits after the gates (as every other result). */
    score: z.int().min(0),
    max: z.int().min(0),
    /**
     * The engine-style overall on 0–5 (spec §9: × 18 gives the 0–90 display). It is the 10–90
     * estimate divided by 18, to two decimals, so the spec's total_score × 18 and `estimate`
     * agree to within 0.1; 0 when unscored.
     */
    total_score: z.number().min(0).max(5),
    /** The 10–90 practice estimate of this item (speech-engine.md §7.4 Item overall). */
    estimate: z.int().min(10).max(90),
    syllables: z.array(SpeechSyllableSchema),
    pauses: z.array(SpeechPauseSchema),
    /** Words per minute over the speech span; 0 when nothing was said. */
    wpm: z.number().min(0),
    traits: z.array(TraitResultSchema),
    /** The trait whose 0 zeroed the item (pte-rules §Gate rules), or null. */
    gatedBy: TraitIdSchema.nullable(),
    /** DI, RL, RTS, SGD: the key points' keywords heard and not heard. */
    keywords: z.object({ covered: z.array(z.string()), missed: z.array(z.string()) }).optional(),
    /**
     * DI, RL, RTS, SGD under a profile with the whole-answer check (issue 15): the answer as a
     * whole gave too little evidence that it is about the item (a memorised template or an
     * off-topic answer), so its key points were not counted. Absent under earlier profiles.
     */
    templateRisk: z.boolean().optional(),
    unscored: z
      .object({ reason: SpeechUnscoredReasonSchema, messageZh: z.string() })
      .optional()
      .describe('没有评分的原因'),
  })
  .meta({ id: 'SpeechResult', description: '口语题评分：逐词、逐音素、停顿、语速与各项得分' });
export type SpeechResult = z.infer<typeof SpeechResultSchema>;
