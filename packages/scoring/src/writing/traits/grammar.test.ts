import { describe, expect, it } from 'vitest';
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
