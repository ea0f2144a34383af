import { describe, expect, it } from 'vitest';
import { scoreContent } from './content';
import { rubric, spec } from './test-support';

const swtSource = {
  sourceText:
    'Online learning lets students study at their own pace, but classrooms allow interaction and immediate feedback from teachers.',
  keyPoints: [
    { point: 'Online learning is flexible', keywords: ['own pace', 'flexible'] },
    { point: 'Classrooms give interaction', keywords: ['interaction', 'discussion'] },
    { point: 'Teachers give feedback', keywords: ['feedback'] },
  ],
  sampleAnswer:
    'Online learning is flexible, but classrooms offer interaction and feedback from teachers.',
  isEssay: false,
};

describe('content — coverage of the item’s key points (design §6), the gate reads its 0', () => {
  const content = spec('SWT', 'content');
  it.each([
    {
      case: 'all points',
      text: 'Online study is flexible but classrooms offer interaction and feedback.',
      score: 2,
    },
    {
      case: 'a word form of a keyword counts',
      text: 'Flexibility online, interactive classes interact, and feedback.',
      score: 2,
    },
    {
      case: 'two of three',
      text: 'Online study is flexible while classrooms give interaction.',
      score: 1,
    },
    {
      case: 'one of three',
      text: 'Online learning allows students flexible timetables.',
      score: 1,
    },
    { case: 'none', text: 'Online learning lets students study with teachers.', score: 0 },
    {
      case: 'off topic, even with a keyword',
      text: 'My favourite football club plays flexible tactics every weekend in the stadium.',
      score: 0,
    },
  ])('$case → $score', ({ text, score }) => {
    expect(scoreContent(content, text, swtSource, rubric).score).toBe(score);
  });

  it('lists each key point as covered or not, with the words that covered it', () => {
    const result = scoreContent(
      content,
      'Students learn at their own pace online.',
      swtSource,
      rubric,
    );
    expect(result.keyPoints).toEqual([
      { point: 'Online learning is flexible', covered: true, matched: 'own pace' },
      { point: 'Classrooms give interaction', covered: false },
      { point: 'Teachers give feedback', covered: false },
    ]);
  });

  it('WE content out of 6 ([2025]) gives the covered share, short of full until all are covered', () => {
    const we = spec('WE', 'content');
    const essay = {
      ...swtSource,
      sourceText: 'Online learning will replace classrooms. Discuss.',
      isEssay: true,
    };
    expect(
      scoreContent(
        we,
        'Online learning is flexible and classrooms need interaction.',
        essay,
        rubric,
      ).score,
    ).toBe(4);
    expect(
      scoreContent(
        we,
        'Online learning is flexible; classrooms have interaction and feedback.',
        essay,
        rubric,
      ).score,
    ).toBe(6);
    expect(
      scoreContent(
        we,
        'My holiday in Spain was sunny and the beaches were flexible.',
        essay,
        rubric,
      ).score,
    ).toBe(0);
  });
});
