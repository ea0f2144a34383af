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
  it('names the category in Chinese beside the checker message', () => {
    expect(scoreGrammar(spec('SWT', 'grammar'), issues('Agreement', 1)).marks[0]?.messageZh).toBe(
      '主谓一致：message',
    );
  });
});
