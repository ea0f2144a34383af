import { describe, expect, it } from 'vitest';
import {
  ANSWER_MAX_CHARACTERS,
  ANSWER_MAX_WORD_LENGTH,
  ANSWER_MAX_WORDS,
  answerProblems,
  isWrittenType,
  type WrittenItem,
} from './answers';
import { buildExampleItem } from './testing/example-items';
import type { ItemTypeCode } from './item-types/catalogue';

const example = (code: ItemTypeCode) => buildExampleItem(code) as WrittenItem;
const paths = (code: ItemTypeCode, answer: unknown) =>
  answerProblems(example(code), answer).map((problem) => [problem.path.join('.'), problem.message]);

const unanswered = (count: number) => Array.from({ length: count }, () => '');

function findBlankCount(code: 'RWFIB' | 'RFIB'): number {
  const item = example(code);
  return item.type === 'RWFIB' || item.type === 'RFIB' ? item.key.answers.length : 0;
}

describe('answers that do not fit their item are refused with the field named', () => {
  it.each([
    {
      case: 'RWFIB: fewer answers than blanks',
      code: 'RWFIB' as const,
      answer: { blanks: ['x'] },
      path: 'blanks',
      message: /这道题有 \d+ 个空，答案有 1 个/,
    },
    {
      case: 'RWFIB: a word that is not one of the blank’s options',
      code: 'RWFIB' as const,
      answer: { blanks: ['nonsense', ...unanswered(findBlankCount('RWFIB') - 1)] },
      path: 'blanks.0',
      message: /“nonsense”不是第 1 空的选项/,
    },
    {
      case: 'RFIB: a word not in the word bank',
      code: 'RFIB' as const,
      answer: {
        blanks: ['nonsense', ...unanswered(findBlankCount('RFIB') - 1)],
      },
      path: 'blanks',
      message: /不在备选词中/,
    },
    {
      case: 'RMCM: an option that does not exist',
      code: 'RMCM' as const,
      answer: { chosen: ['H'] },
      path: 'chosen',
      message: /没有选项 H/,
    },
    {
      case: 'LMCS: the same option twice',
      code: 'LMCS' as const,
      answer: { chosen: ['A', 'A'] },
      path: 'chosen',
      message: /同一个选项只能选一次/,
    },
    {
      case: 'RO: a paragraph that does not exist',
      code: 'RO' as const,
      answer: { order: ['A', 'Z'] },
      path: 'order',
      message: /没有段落 Z/,
    },
    {
      case: 'RO: a paragraph twice',
      code: 'RO' as const,
      answer: { order: ['A', 'A'] },
      path: 'order',
      message: /同一个段落只能排一次/,
    },
    {
      case: 'HIW: a word position past the transcript',
      code: 'HIW' as const,
      answer: { words: [9999] },
      path: 'words',
      message: /原文只有 \d+ 个词/,
    },
    {
      case: `WFD: a text over ${ANSWER_MAX_WORDS} words`,
      code: 'WFD' as const,
      answer: { text: 'word '.repeat(ANSWER_MAX_WORDS + 1) },
      path: 'text',
      message: new RegExp(`不能超过 ${ANSWER_MAX_WORDS} 词`),
    },
    {
      case: 'WE: one 20,000-letter word (it made the grammar checker panic)',
      code: 'WE' as const,
      answer: { text: 'a'.repeat(20_000) },
      path: 'text',
      message: new RegExp(
        `单词不能超过 ${ANSWER_MAX_WORD_LENGTH} 个字符（“aaaaaaaaaaaa…”有 20000 个）`,
      ),
    },
    {
      case: `SST: a text over ${ANSWER_MAX_CHARACTERS} characters`,
      code: 'SST' as const,
      answer: { text: 'abcdefghi '.repeat(ANSWER_MAX_CHARACTERS / 10 + 1) },
      path: 'text',
      message: new RegExp(`不能超过 ${ANSWER_MAX_CHARACTERS} 个字符`),
    },
    {
      case: 'SWT: a NUL character',
      code: 'SWT' as const,
      answer: { text: 'A summary\u0000 in one sentence.' },
      path: 'text',
      message: /不能包含空字符/,
    },
    {
      case: 'WE: half of an emoji (a lone surrogate)',
      code: 'WE' as const,
      answer: { text: 'An essay \ud83d about it.' },
      path: 'text',
      message: /不完整的 Unicode 字符/,
    },
    {
      case: 'LFIB: a typed blank of 61 letters',
      code: 'LFIB' as const,
      answer: { blanks: ['x'.repeat(61)] },
      path: 'blanks.0',
      message: /单词不能超过 60 个字符/,
    },
    {
      case: 'RO: another type’s shape',
      code: 'RO' as const,
      answer: { chosen: ['A'] },
      path: '',
      message: /.+/,
    },
  ])('$case', ({ code, answer, path, message }) => {
    const problems = paths(code, answer);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some(([at, text]) => at === path && message.test(text ?? ''))).toBe(true);
  });
});

it('covers the 15 types practised without a microphone and no speaking type', () => {
  expect(['SWT', 'WE', 'SST', 'WFD', 'HIW', 'RO'].every(isWrittenType)).toBe(true);
  expect(['RA', 'RS', 'DI', 'RL', 'ASQ', 'RTS', 'SGD', 'PI'].some(isWrittenType)).toBe(false);
});

it('accepts the longest dictionary word with punctuation, hyphenated compounds, emoji and a long essay', () => {
  const text =
    'Pneumonoultramicroscopicsilicovolcanoconiosis, a state-of-the-art “once-in-a-lifetime” 😀 idea. ' +
    'Technology has changed the way people communicate with each other. '.repeat(100);
  expect(text.length).toBeLessThanOrEqual(ANSWER_MAX_CHARACTERS);
  expect(paths('WE', { text })).toEqual([]);
  expect(paths('WE', { text: `${'x'.repeat(ANSWER_MAX_WORD_LENGTH)} end.` })).toEqual([]);
});
