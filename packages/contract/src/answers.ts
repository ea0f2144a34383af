import { z } from 'zod';
import type { ItemOf } from './item-types/item-schema';
import { countWords, findBlanks, transcriptTokens } from './item-types/text';
import { safeText } from './safe-text';
import type { WrittenTypeCode } from './answers-data';

/**
 * What a learner submits for the written, reading and listening types, and whether it fits the
 * item it answers. The shape is checked by these schemas; the fit (blank count, option ids,
 * paragraph ids, word positions) by `answerProblems`, so nothing that cannot be scored is stored.
 * Which types are written is in `answers-data.ts` (no zod), re-exported here.
 */
export * from './answers-data';

/** The longest typed answer accepted (the longest real task, WE, asks for 300 words). */
export const ANSWER_MAX_WORDS = 5000;

/**
 * …and in characters: a 300-word essay is about 2,000, so 10,000 leaves five times that. The
 * grammar checker's time grows with the text, and text crafted against it (made-up words, long
 * runs of symbols) costs it ~1.3 s per 1,000 characters: at 10,000 a check stays within seconds.
 */
export const ANSWER_MAX_CHARACTERS = 10_000;

/**
 * The longest run of characters without a space that a typed answer may hold. English words in
 * general dictionaries stop at 45 letters (pneumonoultramicroscopicsilicovolcanoconiosis); 60
 * leaves room for punctuation around it and for hyphenated compounds ("state-of-the-art").
 * Longer is keyboard mashing or pasted junk, and the grammar checker's time grows with the
 * square of a word's length: one 5,000-letter word took it 5 s, one of 10,000 made it panic.
 */
export const ANSWER_MAX_WORD_LENGTH = 60;

const longestWord = (value: string) =>
  value.split(/\s+/).reduce((longest, word) => (word.length > longest.length ? word : longest), '');

/** No "word" (run without a space) longer than ANSWER_MAX_WORD_LENGTH. */
const noOverlongWord = (value: string, context: z.RefinementCtx) => {
  const word = longestWord(value);
  if (word.length <= ANSWER_MAX_WORD_LENGTH) return;
  context.addIssue({
    code: 'custom',
    message: `单词不能超过 ${ANSWER_MAX_WORD_LENGTH} 个字符（“${Array.from(word).slice(0, 12).join('')}…”有 ${word.length} 个）`,
  });
};

const tooLong = (maxCharacters: number) => `不能超过 ${maxCharacters} 个字符`;

/** `blanks[i]` fills blank i + 1; an empty string leaves it unanswered. */
export const BlanksAnswerSchema = z
  .strictObject({
    blanks: z.array(safeText().max(100, tooLong(100)).superRefine(noOverlongWord)).max(50),
  })
  .meta({ id: 'BlanksAnswer', description: '填空题答案：第 i 项对应第 i+1 个空' });

export const ChoiceAnswerSchema = z
  .strictObject({ chosen: z.array(z.string().max(1)).max(8) })
  .meta({ id: 'ChoiceAnswer', description: '选择题答案：所选选项的 id' });

export const OrderAnswerSchema = z
  .strictObject({ order: z.array(z.string().max(1)).max(8) })
  .meta({ id: 'OrderAnswer', description: '排序题答案：按作答顺序排列的段落 id' });

export const HighlightAnswerSchema = z
  .strictObject({ words: z.array(z.int().min(0)).max(500) })
  .meta({ id: 'HighlightAnswer', description: '找错词答案：点选的词在原文中的位置（从 0 开始）' });

export const TextAnswerSchema = z
  .strictObject({
    // Words first: the unit a learner counts in, and the message they understand best.
    text: safeText()
      .refine((value) => countWords(value) <= ANSWER_MAX_WORDS, `不能超过 ${ANSWER_MAX_WORDS} 词`)
      .max(ANSWER_MAX_CHARACTERS, tooLong(ANSWER_MAX_CHARACTERS))
      .superRefine(noOverlongWord),
  })
  .meta({ id: 'TextAnswer', description: '文字作答' });

/** The answer shape of each type practised on the exercise page without a microphone. */
export const answerSchemas = {
  SWT: TextAnswerSchema,
  WE: TextAnswerSchema,
  RWFIB: BlanksAnswerSchema,
  RMCM: ChoiceAnswerSchema,
  RO: OrderAnswerSchema,
  RFIB: BlanksAnswerSchema,
  RMCS: ChoiceAnswerSchema,
  SST: TextAnswerSchema,
  LMCM: ChoiceAnswerSchema,
  LFIB: BlanksAnswerSchema,
  HCS: ChoiceAnswerSchema,
  LMCS: ChoiceAnswerSchema,
  SMW: ChoiceAnswerSchema,
  HIW: HighlightAnswerSchema,
  WFD: TextAnswerSchema,
} as const satisfies Record<WrittenTypeCode, z.ZodType>;

export type AnswerOf<C extends WrittenTypeCode> = z.infer<(typeof answerSchemas)[C]>;
export type WrittenItem = ItemOf<WrittenTypeCode>;

export interface AnswerProblem {
  /** Path inside the answer, e.g. ['blanks']. */
  path: (string | number)[];
  /** Chinese, shown to the learner. */
  message: string;
}

function blanksOf(item: WrittenItem): number[] {
  switch (item.type) {
    case 'RWFIB':
    case 'RFIB':
      return findBlanks(item.content.passage);
    case 'LFIB':
      return findBlanks(item.content.transcript);
    default:
      return [];
  }
}

function optionIdsOf(item: WrittenItem): string[] {
  if ('options' in item.content) return item.content.options.map((option) => option.id);
  return [];
}

function duplicatesIn(values: readonly (string | number)[]): boolean {
  return new Set(values).size !== values.length;
}

/**
 * Whether an answer of the right shape fits its item. `answer` must already have passed the
 * type's schema in `answerSchemas`.
 */
export function answerProblems(item: WrittenItem, answer: unknown): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const parsed = answerSchemas[item.type].safeParse(answer);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({
        path: issue.path.map((part) => (typeof part === 'symbol' ? '' : part)),
        message: issue.message,
      });
    }
    return problems;
  }
  const value = parsed.data as Record<string, unknown>;

  if ('blanks' in value) {
    const expected = blanksOf(item).length;
    const given = (value['blanks'] as string[]).length;
    if (given !== expected) {
      problems.push({ path: ['blanks'], message: `这道题有 ${expected} 个空，答案有 ${given} 个` });
    }
    if (item.type === 'RWFIB') {
      (value['blanks'] as string[]).forEach((choice, index) => {
        const options = item.content.blanks.find((entry) => entry.blank === index + 1)?.options;
        if (choice !== '' && options && !options.includes(choice)) {
          problems.push({
            path: ['blanks', index],
            message: `“${choice}”不是第 ${index + 1} 空的选项`,
          });
        }
      });
    }
    if (item.type === 'RFIB') {
      const used = (value['blanks'] as string[]).filter((choice) => choice !== '');
      used.forEach((choice) => {
        if (!item.content.wordBank.includes(choice)) {
          problems.push({ path: ['blanks'], message: `“${choice}”不在备选词中` });
        }
      });
      if (duplicatesIn(used)) problems.push({ path: ['blanks'], message: '同一个词只能用一次' });
    }
  }

  if ('chosen' in value) {
    const ids = optionIdsOf(item);
    const chosen = value['chosen'] as string[];
    for (const id of chosen) {
      if (!ids.includes(id)) problems.push({ path: ['chosen'], message: `没有选项 ${id}` });
    }
    if (duplicatesIn(chosen)) problems.push({ path: ['chosen'], message: '同一个选项只能选一次' });
  }

  if ('order' in value && item.type === 'RO') {
    const ids = item.content.paragraphs.map((paragraph) => paragraph.id);
    const order = value['order'] as string[];
    for (const id of order) {
      if (!ids.includes(id)) problems.push({ path: ['order'], message: `没有段落 ${id}` });
    }
    if (duplicatesIn(order)) problems.push({ path: ['order'], message: '同一个段落只能排一次' });
  }

  if ('words' in value && item.type === 'HIW') {
    const count = transcriptTokens(item.content.transcript).length;
    const words = value['words'] as number[];
    for (const index of words) {
      if (index >= count) {
        problems.push({
          path: ['words'],
          message: `原文只有 ${count} 个词，没有第 ${index + 1} 个`,
        });
      }
    }
    if (duplicatesIn(words)) problems.push({ path: ['words'], message: '同一个词只能选一次' });
  }
  return problems;
}
