import { describe, expect, it } from 'vitest';
import { matchesShape } from './matches-shape';

describe('matchesShape', () => {
  it('takes a value with the same keys and kinds', () => {
    expect(matchesShape({ text: '' }, { text: 'An essay' })).toBe(true);
    expect(matchesShape({ blanks: ['', ''] }, { blanks: ['a', ''] })).toBe(true);
    expect(matchesShape({ chosen: [] }, { chosen: ['A', 'C'] })).toBe(true);
    expect(matchesShape({ words: [] }, { words: [3, 17] })).toBe(true);
  });

  it('refuses another shape', () => {
    expect(matchesShape({ text: '' }, { text: 3 })).toBe(false);
    expect(matchesShape({ text: '' }, { chosen: [] })).toBe(false);
    expect(matchesShape({ text: '' }, { text: '', extra: 1 })).toBe(false);
    expect(matchesShape({ text: '' }, null)).toBe(false);
    expect(matchesShape({ text: '' }, [''])).toBe(false);
    // The item's blanks changed: the draft no longer fits it.
    expect(matchesShape({ blanks: ['', ''] }, { blanks: ['a', 'b', 'c'] })).toBe(false);
    expect(matchesShape({ chosen: [] }, { chosen: [{ id: 'A' }] })).toBe(false);
  });
});
