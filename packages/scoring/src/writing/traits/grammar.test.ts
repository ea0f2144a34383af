import { describe, expect, it } from 'vitest';
import { getTypeScoring } from '@ninety/contract';
import { scoreGrammar } from './grammar';
import { issues, spec } from './test-support';

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
  it('names a Harper finding in Chinese only (its English message is not shown)', () => {
    expect(scoreGrammar(spec('SWT', 'grammar'), issues('Agreement', 1)).marks[0]?.messageZh).toBe(
      '主谓一致：请检查此处',
    );
  });
  it('shows a learner rule finding with its Chinese explanation and correction', () => {
    const check = {
      misspellings: [],
      issues: [
        {
          start: 0,
          end: 2,
          text: 'is',
          kind: 'learner/agreement',
          message: '主语 people 是复数，谓语动词应使用复数形式',
          suggestion: 'are',
        },
      ],
    };
    expect(scoreGrammar(spec('SWT', 'grammar'), check).marks[0]).toMatchObject({
      messageZh: '主谓一致：主语 people 是复数，谓语动词应使用复数形式',
      suggestion: 'are',
    });
  });
});

describe('grammar by errors per 100 words (pte-2025-08-r2): ≤ 1 → 2, ≤ 3 → 1, more → 0; under 100 words counts as 100', () => {
  const r2 = (type: 'SWT' | 'WE' | 'SST') =>
    getTypeScoring(type, 'pte-2025-08-r2').traits.find((each) => each.trait === 'grammar')!;
  it.each([
    ['SWT', 30, 0, 2],
    ['SWT', 30, 1, 2], // one slip in a summary sentence does not cost a band
    ['SWT', 30, 2, 1],
    ['SWT', 30, 3, 1],
    ['SWT', 30, 4, 0],
    ['SST', 60, 3, 1],
    ['WE', 250, 2, 2],
    ['WE', 250, 3, 1],
    ['WE', 250, 7, 1],
    ['WE', 250, 8, 0],
    ['WE', 216, 12, 0], // a dozen errors cannot keep full grammar
  ] as const)('%s, %i words, %i errors → %i', (type, wordCount, count, score) => {
    const result = scoreGrammar(r2(type), issues('Agreement', count), wordCount);
    expect(result.score).toBe(score);
    expect(result.measures.find((each) => each.labelZh === '每百词语法问题')).toBeDefined();
  });
});
