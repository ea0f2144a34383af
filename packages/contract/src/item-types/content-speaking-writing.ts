import { z } from 'zod';
import {
  AudioRefSchema,
  ChartDataSchema,
  ImageRefSchema,
  KeyPointSchema,
  answerWords,
  checkKeyPointsInSample,
  checkMaxWords,
  checkOneSentence,
  checkSentenceRange,
  checkUnique,
  checkWordRange,
  limitsOf,
  promptMaxWords,
  refineWith,
  text,
  type Report,
} from './content-common';

/** Part 1 — Speaking & Writing: content and answer-key schemas (conventions in content-common.ts). */

const keyPoints = () => z.array(KeyPointSchema).min(1).describe('评分要点');

/** Key points plus a model answer that makes all of them. */
const openKeyShape = {
  keyPoints: keyPoints(),
  sampleAnswer: text().describe('范文 / 参考答案（英文）'),
};
const checkOpenKey = refineWith(
  (key: { keyPoints: z.infer<typeof KeyPointSchema>[]; sampleAnswer: string }, report: Report) =>
    checkKeyPointsInSample(key.keyPoints, key.sampleAnswer, report),
);

export const PiContentSchema = z.strictObject({
  prompt: text().describe('自我介绍的题目说明'),
});
export const PiKeySchema = z.strictObject({
  sampleAnswer: text().optional().describe('自我介绍示范'),
});

export const RaContentSchema = z
  .strictObject({ text: text().describe('朗读文本（≤ 60 词）') })
  .superRefine(
    refineWith((content, report) =>
      checkMaxWords(content.text, promptMaxWords('RA'), ['text'], report),
    ),
  );
/** RA needs no key: the text itself is what the reading is compared with. */
export const RaKeySchema = z.strictObject({});

export const RsContentSchema = z.strictObject({ audio: AudioRefSchema });
export const RsKeySchema = z.strictObject({
  transcript: text().describe('句子原文：既是答案，也是语音合成的脚本'),
});

export const DiContentSchema = z.strictObject({
  image: ImageRefSchema,
  chart: ChartDataSchema,
});
export const DiKeySchema = z.strictObject(openKeyShape).superRefine(checkOpenKey);

export const RlContentSchema = z.strictObject({
  audio: AudioRefSchema,
  image: ImageRefSchema.optional().describe('部分讲座配图'),
});
export const RlKeySchema = z
  .strictObject({ transcript: text().describe('讲座原文'), ...openKeyShape })
  .superRefine(checkOpenKey);

export const AsqContentSchema = z.strictObject({
  audio: AudioRefSchema,
  image: ImageRefSchema.optional().describe('部分问题配图'),
});
export const AsqKeySchema = z
  .strictObject({
    transcript: text().describe('问题原文'),
    acceptedAnswers: z.array(text()).min(1).describe('可接受的答案（一个或几个词）'),
  })
  .superRefine(
    refineWith((key, report) =>
      checkUnique(key.acceptedAnswers, ['acceptedAnswers'], 'accepted answer', report),
    ),
  );

export const RtsContentSchema = z
  .strictObject({
    situation: text().describe('情景描述（≤ 60 词，屏幕显示并朗读）'),
    audio: AudioRefSchema,
  })
  .superRefine(
    refineWith((content, report) =>
      checkMaxWords(content.situation, promptMaxWords('RTS'), ['situation'], report),
    ),
  );
export const RtsKeySchema = z.strictObject(openKeyShape).superRefine(checkOpenKey);

export const SpeakerSchema = z.enum(['A', 'B', 'C']);
export const SGD_SPEAKERS = SpeakerSchema.options;

export const SgdContentSchema = z.strictObject({ audio: AudioRefSchema });
export const SgdKeySchema = z
  .strictObject({
    transcript: z
      .array(z.strictObject({ speaker: SpeakerSchema, text: text() }))
      .min(3)
      .describe('讨论原文，按发言顺序'),
    ...openKeyShape,
  })
  .superRefine(
    refineWith((key, report) => {
      checkKeyPointsInSample(key.keyPoints, key.sampleAnswer, report);
      // The format has three speakers (pte-rules §Part 1, SGD): each must take part.
      const speaking = new Set(key.transcript.map((turn) => turn.speaker));
      for (const speaker of SGD_SPEAKERS) {
        if (!speaking.has(speaker)) report(['transcript'], `speaker ${speaker} never speaks`);
      }
    }),
  );

export const SwtContentSchema = z
  .strictObject({ passage: text().describe('待总结的文章（≤ 300 词）') })
  .superRefine(
    refineWith((content, report) =>
      checkMaxWords(content.passage, promptMaxWords('SWT'), ['passage'], report),
    ),
  );
export const SwtKeySchema = z.strictObject(openKeyShape).superRefine(
  refineWith((key, report) => {
    checkKeyPointsInSample(key.keyPoints, key.sampleAnswer, report);
    // The model answer must itself earn full form: one sentence of 5–75 words.
    checkWordRange(key.sampleAnswer, answerWords('SWT'), ['sampleAnswer'], report);
    if (limitsOf('SWT').answerOneSentence)
      checkOneSentence(key.sampleAnswer, ['sampleAnswer'], report);
  }),
);

export const WeContentSchema = z
  .strictObject({ prompt: text().describe('作文题目（2–3 句）') })
  .superRefine(
    refineWith((content, report) => {
      const sentences = limitsOf('WE').promptSentences;
      if (sentences) checkSentenceRange(content.prompt, sentences, ['prompt'], report);
    }),
  );
export const WeKeySchema = z.strictObject(openKeyShape).superRefine(
  refineWith((key, report) => {
    checkKeyPointsInSample(key.keyPoints, key.sampleAnswer, report);
    checkWordRange(key.sampleAnswer, answerWords('WE'), ['sampleAnswer'], report);
  }),
);
