import { z } from 'zod';
import {
  ChoiceOptionSchema,
  checkBlankEntries,
  checkBlankMarkers,
  checkCorrectOptions,
  checkMaxWords,
  checkOptions,
  checkUnique,
  choiceRule,
  limitsOf,
  promptMaxWords,
  refineWith,
  text,
  type Report,
} from './content-common';
import type { ItemTypeCode } from './catalogue';
import { blankMarker, findBlanks, optionLetter } from './text';

/** Part 2 — Reading: content and answer-key schemas (conventions in content-common.ts). */

const blankNumber = () => z.int().min(1).describe('空格编号，对应文中的 {{n}}');

/** One answer per blank, naming the blank by its marker number. */
export const BlankAnswerSchema = z.strictObject({
  blank: blankNumber(),
  answer: text().describe('正确答案'),
});
export type BlankAnswer = z.infer<typeof BlankAnswerSchema>;

const blankAnswers = () => z.array(BlankAnswerSchema).min(1).describe('每个空格的答案');

export const RwfibContentSchema = z
  .strictObject({
    passage: text().describe('文章（≤ 300 词），空格写作 {{1}}、{{2}}…'),
    blanks: z
      .array(z.strictObject({ blank: blankNumber(), options: z.array(text()) }))
      .describe('每个空格的下拉选项'),
  })
  .superRefine(
    refineWith((content, report) => {
      checkMaxWords(content.passage, promptMaxWords('RWFIB'), ['passage'], report);
      const blanks = checkBlankMarkers(content.passage, ['passage'], report);
      checkBlankEntries(blanks, content.blanks, ['blanks'], 'content.passage', report);
      const perBlank = limitsOf('RWFIB').optionsPerBlank;
      content.blanks.forEach((entry, index) => {
        if (perBlank !== undefined && entry.options.length !== perBlank) {
          report(
            ['blanks', index, 'options'],
            `has ${entry.options.length} options; each blank takes ${perBlank}`,
          );
        }
        checkUnique(entry.options, ['blanks', index, 'options'], 'option', report);
      });
    }),
  );
export const RwfibKeySchema = z.strictObject({ answers: blankAnswers() });

export function checkRwfibItem(
  item: { content: z.infer<typeof RwfibContentSchema>; key: z.infer<typeof RwfibKeySchema> },
  report: Report,
) {
  const blanks = findBlanks(item.content.passage);
  checkBlankEntries(blanks, item.key.answers, ['key', 'answers'], 'content.passage', report);
  item.key.answers.forEach((answer, index) => {
    const options = item.content.blanks.find((entry) => entry.blank === answer.blank)?.options;
    if (options && !options.includes(answer.answer)) {
      report(
        ['key', 'answers', index, 'answer'],
        `"${answer.answer}" is not one of the options of ${blankMarker(answer.blank)}`,
      );
    }
  });
}

/** Reading multiple choice: a passage, a question and lettered options. */
const readingChoiceContent = (type: ItemTypeCode) =>
  z
    .strictObject({
      passage: text().describe('文章（≤ 300 词）'),
      question: text().describe('题干'),
      options: z.array(ChoiceOptionSchema).describe('选项，id 依次为 A、B、C…'),
    })
    .superRefine(
      refineWith((content, report) => {
        checkMaxWords(content.passage, promptMaxWords(type), ['passage'], report);
        checkOptions(content.options, choiceRule(type), ['options'], report);
      }),
    );

const correctOptions = () =>
  z.array(z.string()).describe('正确选项的 id；单选题恰好一个，多选题至少两个');

export const RmcmContentSchema = readingChoiceContent('RMCM');
export const RmcmKeySchema = z.strictObject({ correct: correctOptions() });
export const RmcsContentSchema = readingChoiceContent('RMCS');
export const RmcsKeySchema = z.strictObject({ correct: correctOptions() });

/** Cross-check of any choice item: its key's correct ids against its options. */
export const checkChoiceItem =
  (type: ItemTypeCode) =>
  (
    item: {
      content: { options: z.infer<typeof ChoiceOptionSchema>[] };
      key: { correct: string[] };
    },
    report: Report,
  ) =>
    checkCorrectOptions(
      item.key.correct,
      item.content.options,
      choiceRule(type),
      ['key', 'correct'],
      report,
    );

export const RoContentSchema = z
  .strictObject({
    paragraphs: z
      .array(z.strictObject({ id: z.string(), text: text() }))
      .describe('打乱后的段落，按显示顺序，id 依次为 A、B、C…'),
  })
  .superRefine(
    refineWith((content, report) => {
      const range = limitsOf('RO').paragraphs;
      const count = content.paragraphs.length;
      if (range && (count < range.min || count > range.max)) {
        report(
          ['paragraphs'],
          `has ${count} paragraphs; this type takes ${range.min}–${range.max}`,
        );
      }
      content.paragraphs.forEach((paragraph, index) => {
        if (paragraph.id !== optionLetter(index)) {
          report(
            ['paragraphs', index, 'id'],
            `must be "${optionLetter(index)}" (A, B, C… in order)`,
          );
        }
      });
    }),
  );
export const RoKeySchema = z.strictObject({
  order: z.array(z.string()).describe('正确顺序的段落 id'),
});

export function checkRoItem(
  item: { content: z.infer<typeof RoContentSchema>; key: z.infer<typeof RoKeySchema> },
  report: Report,
) {
  const ids = item.content.paragraphs.map((paragraph) => paragraph.id);
  const order = item.key.order;
  const isPermutation =
    order.length === ids.length && [...order].sort().join() === [...ids].sort().join();
  if (!isPermutation) {
    report(
      ['key', 'order'],
      `must list each paragraph id (${ids.join(', ')}) exactly once; got ${order.join(', ') || 'none'}`,
    );
  } else if (order.join() === ids.join()) {
    report(['key', 'order'], 'the paragraphs are shown already in order; shuffle them');
  }
}

export const RfibContentSchema = z
  .strictObject({
    passage: text().describe('短文（≤ 80 词），空格写作 {{1}}、{{2}}…'),
    wordBank: z.array(text()).describe('可拖拽的单词，多于空格数'),
  })
  .superRefine(
    refineWith((content, report) => {
      checkMaxWords(content.passage, promptMaxWords('RFIB'), ['passage'], report);
      const blanks = checkBlankMarkers(content.passage, ['passage'], report);
      checkUnique(content.wordBank, ['wordBank'], 'word', report);
      if (content.wordBank.length <= blanks.length) {
        report(
          ['wordBank'],
          `has ${content.wordBank.length} words for ${blanks.length} blanks; it needs more words than blanks`,
        );
      }
    }),
  );
export const RfibKeySchema = z.strictObject({ answers: blankAnswers() });

export function checkRfibItem(
  item: { content: z.infer<typeof RfibContentSchema>; key: z.infer<typeof RfibKeySchema> },
  report: Report,
) {
  const blanks = findBlanks(item.content.passage);
  checkBlankEntries(blanks, item.key.answers, ['key', 'answers'], 'content.passage', report);
  item.key.answers.forEach((answer, index) => {
    if (!item.content.wordBank.includes(answer.answer)) {
      report(['key', 'answers', index, 'answer'], `"${answer.answer}" is not in content.wordBank`);
    }
  });
  // Each bank word fills one blank at most, as on the test screen.
  checkUnique(
    item.key.answers.map((answer) => answer.answer),
    ['key', 'answers'],
    'answer',
    report,
  );
}
