import { getTypeScoring, scoringProfiles, type TraitId, type TraitSpec } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import { NO_FINDINGS, type LanguageCheck } from './language-check';
import {
  scoreContent,
  scoreDevelopment,
  scoreForm,
  scoreGrammar,
  scoreLinguisticRange,
  scoreSpelling,
  scoreVocabulary,
} from './traits';

const profile = scoringProfiles['pte-2025-08'];
const rubric = profile.writing;
const spec = (type: 'SWT' | 'WE' | 'SST', trait: TraitId): TraitSpec => {
  const found = getTypeScoring(type, profile).traits.find((candidate) => candidate.trait === trait);
  if (!found) throw new Error(`${type} has no ${trait}`);
  return found;
};
const words = (count: number) =>
  `Cities ${Array.from({ length: count - 2 }, () => 'cities').join(' ')} grow.`;

describe('form — pte-rules §Part 1 SWT: one sentence of 5–75 words (0–1)', () => {
  it.each([
    { case: 'one sentence of 30 words', text: words(30), score: 1 },
    { case: '5 words, the lower limit', text: words(5), score: 1 },
    { case: '75 words, the upper limit', text: words(75), score: 1 },
    { case: '4 words', text: words(4), score: 0 },
    { case: '76 words', text: words(76), score: 0 },
    { case: 'empty', text: '', score: 0 },
    { case: 'two sentences', text: `${words(10)} ${words(10)}`, score: 0 },
    { case: 'no full stop at the end', text: words(10).slice(0, -1) + ', and more', score: 0 },
    {
      case: '"e.g." and a decimal do not split the sentence',
      text: 'Cities grow, e.g. in Lagos by 3.5 per cent each year, because people move there for work.',
      score: 1,
    },
    {
      case: 'abbreviations and initials do not split it either',
      text: 'Mr. Smith says the U.S. Department of Energy, led by J. Brown, funds storage, e.g. Batteries.',
      score: 1,
    },
  ])('$case → $score', ({ text, score }) => {
    expect(scoreForm(spec('SWT', 'form'), text).score).toBe(score);
  });

  it('marks the second sentence as the evidence', () => {
    const result = scoreForm(spec('SWT', 'form'), 'Cities grow fast today. People move there.');
    expect(result.marks).toEqual([
      expect.objectContaining({ text: 'People move there.', start: 24 }),
    ]);
    expect(result.summaryZh).toContain('2 句');
  });
});

describe('form — pte-rules §Part 3 SST: 50–70 → 2; 40–49 or 71–100 → 1; otherwise 0', () => {
  it.each([
    [50, 2],
    [70, 2],
    [49, 1],
    [40, 1],
    [71, 1],
    [100, 1],
    [39, 0],
    [101, 0],
  ])('%i words → %i', (count, score) => {
    expect(scoreForm(spec('SST', 'form'), words(count)).score).toBe(score);
  });
});

describe('form — WE 200–300 → 2; 120–199 or 301–380 → 1 (Pearson score guide)', () => {
  it.each([
    [250, 2],
    [200, 2],
    [300, 2],
    [150, 1],
    [350, 1],
    [119, 0],
    [381, 0],
  ])('%i words → %i', (count, score) => {
    expect(scoreForm(spec('WE', 'form'), words(count)).score).toBe(score);
  });
});

describe('form — pte-rules §Gate rules: all capitals, no punctuation, bullet points lose form', () => {
  const sst = spec('SST', 'form');
  it('all capitals → 0', () => {
    expect(scoreForm(sst, words(60).toUpperCase()).score).toBe(0);
  });
  it('no punctuation at all → 0', () => {
    expect(scoreForm(sst, words(60).replace('.', '')).score).toBe(0);
  });
  it('bullet points → 0, each bullet line marked', () => {
    const text = `The speaker said:\n- ${words(30)}\n* ${words(25)}`;
    const result = scoreForm(sst, text);
    expect(result.score).toBe(0);
    expect(result.marks).toHaveLength(2);
    expect(result.summaryZh).toContain('项目符号');
  });
  it('a numbered list → 0', () => {
    expect(scoreForm(sst, `1. ${words(30)}\n2. ${words(25)}`).score).toBe(0);
  });
  it('a capitalised acronym or two do not count as all capitals', () => {
    expect(scoreForm(sst, `The UN and the WHO said ${words(55)}`).score).toBe(2);
  });
});

const misspelt = (count: number): LanguageCheck => ({
  misspellings: Array.from({ length: count }, (_, index) => ({
    start: index * 6,
    end: index * 6 + 5,
    text: 'recieve',
    suggestions: ['receive'],
  })),
  issues: [],
});

describe('spelling — pte-rules §Part 3 SST: no error 2, one error 1, more 0 (WE the same)', () => {
  it.each([
    [0, 2],
    [1, 1],
    [2, 0],
    [5, 0],
  ])('%i misspelt → %i', (count, score) => {
    expect(scoreSpelling(spec('SST', 'spelling'), misspelt(count)).score).toBe(score);
    expect(scoreSpelling(spec('WE', 'spelling'), misspelt(count)).score).toBe(score);
  });
  it('shows each misspelt word with a suggestion', () => {
    expect(scoreSpelling(spec('SST', 'spelling'), misspelt(1)).marks).toEqual([
      { start: 0, end: 5, text: 'recieve', messageZh: '拼写错误', suggestion: 'receive' },
    ]);
  });
});

const issues = (kind: string, count: number): LanguageCheck => ({
  misspellings: [],
  issues: Array.from({ length: count }, (_, index) => ({
    start: index,
    end: index + 1,
    text: 'x',
    kind,
    message: 'message',
  })),
});

describe('grammar — SWT/SST: none 2, up to 2 errors 1, more 0; WE: up to 1 → 2, up to 4 → 1', () => {
  it.each([
    ['SWT', 0, 2],
    ['SWT', 1, 1],
    ['SWT', 2, 1],
    ['SWT', 3, 0],
    ['SST', 2, 1],
    ['WE', 1, 2],
    ['WE', 4, 1],
    ['WE', 5, 0],
  ] as const)('%s with %i errors → %i', (type, count, score) => {
    expect(scoreGrammar(spec(type, 'grammar'), issues('Agreement', count)).score).toBe(score);
  });
  it('style and readability advice is not a grammar error', () => {
    const check = {
      misspellings: [],
      issues: [...issues('Style', 3).issues, ...issues('Readability', 2).issues],
    };
    expect(scoreGrammar(spec('SWT', 'grammar'), check).score).toBe(2);
  });
  it('names the category in Chinese beside the checker message', () => {
    expect(scoreGrammar(spec('SWT', 'grammar'), issues('Agreement', 1)).marks[0]?.messageZh).toBe(
      '主谓一致：message',
    );
  });
});

describe('vocabulary — lexical errors: up to 1 → 2, up to 3 → 1, more 0; WE also needs lexical diversity', () => {
  it.each([
    [0, 2],
    [1, 2],
    [3, 1],
    [4, 0],
  ])('%i wrong-word findings → %i', (count, score) => {
    expect(
      scoreVocabulary(spec('SWT', 'vocabulary'), 'text', issues('WordChoice', count), rubric, false)
        .score,
    ).toBe(score);
  });
  it('a WE that repeats a few basic words is held at 1', () => {
    const repetitive = Array.from({ length: 60 }, () => 'good people like good things').join(' ');
    const result = scoreVocabulary(spec('WE', 'vocabulary'), repetitive, NO_FINDINGS, rubric, true);
    expect(result.score).toBe(1);
    expect(result.summaryZh).toContain('重复用词');
  });
});

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

const ESSAY = `Many people believe that online courses will replace classrooms. In my opinion, this view is too simple, although technology is changing education.

Admittedly, online learning is flexible. Students can study at their own pace, which helps those who work. For example, a nurse can take evening lessons.

However, classrooms offer interaction that a screen cannot. Teachers notice confusion and respond at once, rephrasing an explanation or drawing a diagram on the board until every student in the room has understood the idea. Furthermore, practical subjects such as surgery must be practised in person.

In conclusion, online courses should be seen as a complement. Schools would benefit from a blended model.`;

describe('development, structure and coherence — WE (0–2; [2025] 0–6)', () => {
  it('a structured essay meets every criterion', () => {
    const result = scoreDevelopment(spec('WE', 'development'), ESSAY, rubric);
    expect(result.score).toBe(6);
    expect(result.summaryZh).toBe('结构完整，衔接清楚');
  });
  it('one block without position, conclusion or linking scores low and says what to add', () => {
    const flat =
      'Online courses are popular. Many people take them. They are cheap. Classrooms are old.';
    const result = scoreDevelopment(spec('WE', 'development'), flat, rubric);
    expect(result.score).toBeLessThanOrEqual(1);
    expect(result.summaryZh).toContain('结尾段');
  });
  it('under pte-2024 the same essay is out of 2', () => {
    const old = getTypeScoring('WE', 'pte-2024').traits.find((t) => t.trait === 'development')!;
    expect(scoreDevelopment(old, ESSAY, rubric).score).toBe(2);
  });
});

describe('general linguistic range — WE (0–2; [2025] 0–6)', () => {
  it('varied, complex sentences meet every criterion', () => {
    const result = scoreLinguisticRange(spec('WE', 'linguistic-range'), ESSAY, rubric);
    expect(result.summaryZh).toBe('句式丰富');
    expect(result.score).toBe(6);
  });
  it('short sentences all opening the same way score 0', () => {
    const same = 'I like it. I go there. I see them. I eat food. I run fast.';
    expect(scoreLinguisticRange(spec('WE', 'linguistic-range'), same, rubric).score).toBe(0);
  });
});

describe('development — what counts as supporting detail', () => {
  const dev = spec('WE', 'development');
  const withBody = (body: string) =>
    `In my opinion, online courses help.\n\n${body} However, they also have limits.\n\nIn conclusion, they help.`;
  it.each([
    { case: 'a marked example', body: 'For example, nurses study at night.', met: true },
    { case: 'a named place', body: 'In Japan, many adults study online.', met: true },
    { case: 'a concrete person', body: 'A nurse who works nights can study.', met: true },
    { case: '"In conclusion" is not a place', body: 'People study online.', met: false },
  ])('$case → example criterion met: $met', ({ body, met }) => {
    const summary = scoreDevelopment(dev, withBody(body), rubric).summaryZh;
    expect(summary.includes('用例子支撑观点')).toBe(!met);
  });
});

describe('spelling hints where the type has no spelling trait (SWT)', () => {
  it('shows each misspelt word in the vocabulary evidence without costing a mark', () => {
    const result = scoreVocabulary(
      spec('SWT', 'vocabulary'),
      'text',
      misspelt(2),
      rubric,
      false,
      true,
    );
    expect(result.score).toBe(2);
    expect(result.marks).toHaveLength(2);
    expect(result.marks[0]?.messageZh).toContain('仅作提示');
  });
  it('types with a spelling trait do not repeat them under vocabulary', () => {
    expect(
      scoreVocabulary(spec('SST', 'vocabulary'), 'text', misspelt(2), rubric, false).marks,
    ).toEqual([]);
  });
});
