import { z } from 'zod';
import {
  AudioRefSchema,
  ChoiceOptionSchema,
  KeyPointSchema,
  answerWords,
  checkBlankEntries,
  checkBlankMarkers,
  checkKeyPointsInSample,
  checkOptions,
  checkWordRange,
  choiceRule,
  refineWith,
  text,
  type Report,
} from './content-common';
import type { ItemTypeCode } from './catalogue';
import { containsPhrase, countWords, findBlanks, toWords, transcriptTokens } from './text';

/** Part 3 — Listening: content and answer-key schemas (conventions in content-common.ts). */

const transcript = () => text().describe('录音原文：作答前不显示，也是语音合成的脚本');

export const SstContentSchema = z.strictObject({ audio: AudioRefSchema });
export const SstKeySchema = z
  .strictObject({
    transcript: transcript(),
    keyPoints: z.array(KeyPointSchema).min(1).describe('评分要点'),
    sampleAnswer: text().describe('参考答案（50–70 词）'),
  })
  .superRefine(
    refineWith((key, report) => {
      checkKeyPointsInSample(key.keyPoints, key.sampleAnswer, report);
      // The model answer must itself earn full form marks.
      checkWordRange(key.sampleAnswer, answerWords('SST'), ['sampleAnswer'], report);
    }),
  );

const options = () => z.array(ChoiceOptionSchema).describe('选项，id 依次为 A、B、C…');
const checkOptionsOf = (type: ItemTypeCode) =>
  refineWith((content: { options: z.infer<typeof ChoiceOptionSchema>[] }, report: Report) =>
    checkOptions(content.options, choiceRule(type), ['options'], report),
  );

/** LMCM and LMCS: the audio, a question and lettered options. */
const questionChoiceContent = (type: ItemTypeCode) =>
  z
    .strictObject({ audio: AudioRefSchema, question: text().describe('题干'), options: options() })
    .superRefine(checkOptionsOf(type));

/** HCS and SMW: the question is always the same, so the item holds only audio and options. */
const choiceContent = (type: ItemTypeCode) =>
  z.strictObject({ audio: AudioRefSchema, options: options() }).superRefine(checkOptionsOf(type));

const choiceKey = () =>
  z.strictObject({
    transcript: transcript(),
    correct: z.array(z.string()).describe('正确选项的 id；单选题恰好一个，多选题至少两个'),
  });

export const LmcmContentSchema = questionChoiceContent('LMCM');
export const LmcmKeySchema = choiceKey();
export const LmcsContentSchema = questionChoiceContent('LMCS');
export const LmcsKeySchema = choiceKey();

export const HcsContentSchema = choiceContent('HCS');
export const HcsKeySchema = choiceKey();

/** SMW: the recording stops where a beep replaces its last words; the options complete it. */
export const SmwContentSchema = choiceContent('SMW');
export const SmwKeySchema = z.strictObject({
  transcript: text().describe('录音原文（到提示音为止，不含缺失部分）'),
  correct: z.array(z.string()).describe('正确选项的 id（恰好一个）'),
});

export const LfibContentSchema = z
  .strictObject({
    audio: AudioRefSchema,
    transcript: text().describe('显示的原文，空格写作 {{1}}、{{2}}…'),
  })
  .superRefine(
    refineWith((content, report) => {
      checkBlankMarkers(content.transcript, ['transcript'], report);
    }),
  );

const oneWord = () =>
  text().refine((value) => countWords(value) === 1 && !/\s/.test(value), 'must be a single word');

export const LfibKeySchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        blank: z.int().min(1).describe('空格编号，对应原文中的 {{n}}'),
        answer: oneWord().describe('录音中的单词'),
        variants: z
          .array(oneWord())
          .optional()
          .describe('同样判对的其他拼写（英式 / 美式 / 澳式）'),
      }),
    )
    .min(1),
});

export function checkLfibItem(
  item: { content: z.infer<typeof LfibContentSchema>; key: z.infer<typeof LfibKeySchema> },
  report: Report,
) {
  const blanks = findBlanks(item.content.transcript);
  checkBlankEntries(blanks, item.key.answers, ['key', 'answers'], 'content.transcript', report);
  item.key.answers.forEach((answer, index) => {
    const seen = new Set([answer.answer.toLowerCase()]);
    answer.variants?.forEach((variant, variantIndex) => {
      if (seen.has(variant.toLowerCase())) {
        report(
          ['key', 'answers', index, 'variants', variantIndex],
          `"${variant}" repeats the answer or another variant`,
        );
      }
      seen.add(variant.toLowerCase());
    });
  });
}

export const HiwContentSchema = z.strictObject({
  audio: AudioRefSchema,
  transcript: text().describe('屏幕显示的原文（含被改动的词）'),
});
export const HiwKeySchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        index: z.int().min(0).describe('被改动的词在原文中的位置（按空格切分，从 0 开始）'),
        spoken: text().describe('录音中实际读的词'),
      }),
    )
    .min(1)
    .describe('原文与录音不同的词'),
});

export function checkHiwItem(
  item: { content: z.infer<typeof HiwContentSchema>; key: z.infer<typeof HiwKeySchema> },
  report: Report,
) {
  const tokens = transcriptTokens(item.content.transcript);
  let previous = -1;
  item.key.changes.forEach((change, index) => {
    const path = ['key', 'changes', index];
    const shown = tokens[change.index];
    if (shown === undefined) {
      report(
        [...path, 'index'],
        `is ${change.index}; the transcript has words 0–${tokens.length - 1}`,
      );
      return;
    }
    if (change.index <= previous) {
      report([...path, 'index'], 'changes must be listed once each, in transcript order');
    }
    previous = change.index;
    if (toWords(shown).join(' ') === toWords(change.spoken).join(' ')) {
      report([...path, 'spoken'], `is the same as the displayed word "${shown}"`);
    }
  });
}

export const WfdContentSchema = z.strictObject({ audio: AudioRefSchema });
export const WfdKeySchema = z
  .strictObject({
    sentence: text().describe('句子原文'),
    variants: z
      .array(
        z.strictObject({
          word: text().describe('句中的单词'),
          accepted: z.array(text()).min(1).describe('同样判对的其他拼写'),
        }),
      )
      .optional()
      .describe('拼写变体（英式 / 美式 / 澳式）'),
  })
  .superRefine(
    refineWith((key, report) => {
      key.variants?.forEach((variant, index) => {
        if (!containsPhrase(key.sentence, variant.word)) {
          report(['variants', index, 'word'], `"${variant.word}" is not a word of the sentence`);
        }
      });
    }),
  );
