import { describe, expect, it } from 'vitest';
import { getTypeScoring } from '@ninety/contract';
import { NO_FINDINGS } from '../language-check';
import { issues, misspelt, rubric, spec, words } from './test-support';
import { scoreVocabulary } from './vocabulary';

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

describe('vocabulary by lexical errors per 100 words (pte-2025-08-r2): ≤ 1 → 2, ≤ 2.5 → 1', () => {
  const r2 = getTypeScoring('WE', 'pte-2025-08-r2').traits.find(
    (each) => each.trait === 'vocabulary',
  )!;
  it.each([
    [250, 2, 2],
    [250, 6, 1],
    [250, 7, 0],
  ] as const)('%i words, %i errors → %i', (wordCount, count, score) => {
    expect(
      scoreVocabulary(r2, words(wordCount), issues('WordChoice', count), rubric, false).score,
    ).toBe(score);
  });
});
