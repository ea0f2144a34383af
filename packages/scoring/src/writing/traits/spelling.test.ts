import { describe, expect, it } from 'vitest';
import { scoreSpelling } from './spelling';
import { misspelt, spec } from './test-support';

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
