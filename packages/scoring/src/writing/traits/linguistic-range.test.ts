import { describe, expect, it } from 'vitest';
import { scoreLinguisticRange } from './linguistic-range';
import { ESSAY, rubric, spec } from './test-support';

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
