import { describe, expect, it } from 'vitest';
import { readableAnswer } from './readable-answer';

describe('readableAnswer', () => {
  it.each([
    {
      case: 'blanks, one left empty',
      content: {},
      answer: { blanks: ['economy', ' '] },
      lines: ['第 1 空：economy', '第 2 空：（未作答）'],
    },
    {
      case: 'choices with their text, in letter order',
      content: {
        options: [
          { id: 'A', text: 'Apples' },
          { id: 'B', text: 'Bananas' },
        ],
      },
      answer: { chosen: ['B', 'A'] },
      lines: ['A. Apples', 'B. Bananas'],
    },
    {
      case: 'paragraph order with openings',
      content: {
        paragraphs: [
          { id: 'A', text: 'one two three four five six seven eight nine ten' },
          { id: 'B', text: 'Short one.' },
        ],
      },
      answer: { order: ['B', 'A'] },
      lines: ['顺序：B → A', 'B. Short one.', 'A. one two three four five six seven eight…'],
    },
    {
      case: 'highlighted words from the transcript',
      content: { transcript: 'The quick brown fox jumps' },
      answer: { words: [3, 1] },
      lines: ['选出的词：quick、fox'],
    },
    { case: 'typed text', content: {}, answer: { text: ' hello there ' }, lines: ['hello there'] },
    { case: 'nothing chosen', content: {}, answer: { chosen: [] }, lines: ['（未作答）'] },
    { case: 'a shape it does not know', content: {}, answer: 42, lines: ['（未作答）'] },
  ])('$case', ({ content, answer, lines }) => {
    expect(readableAnswer(content, answer)).toEqual(lines);
  });
});
