import { describe, expect, it } from 'vitest';
import { fitsKind, interleave, parseExerciseKind, skillTypes } from './exercise-kind';

describe('the exercise type validator (spec §5)', () => {
  it.each([
    ['RA', { kind: 'type', code: 'RA' }],
    ['wfd', { kind: 'type', code: 'WFD' }],
    ['speaking', { kind: 'skill', skill: 'speaking' }],
    ['Reading', { kind: 'skill', skill: 'reading' }],
    ['listening', { kind: 'skill', skill: 'listening' }],
    ['writing', { kind: 'skill', skill: 'writing' }],
  ])('accepts %s', (value, kind) => {
    expect(parseExerciseKind(value)).toEqual(kind);
  });

  it.each([['XYZ'], ['speak'], [''], [undefined], ['ra-0001']])('refuses %s', (value) => {
    expect(parseExerciseKind(value)).toBeNull();
  });

  it("a skill takes only its own scored types, in the test's order", () => {
    expect(skillTypes('speaking')[0]).toBe('RA');
    expect(skillTypes('speaking')).not.toContain('PI');
    expect(fitsKind({ kind: 'skill', skill: 'speaking' }, 'RA')).toBe(true);
    expect(fitsKind({ kind: 'skill', skill: 'speaking' }, 'WFD')).toBe(false);
    expect(fitsKind({ kind: 'type', code: 'RA' }, 'WFD')).toBe(true);
  });

  it('mixes the lists: the first of each, then the second of each', () => {
    expect(interleave([['a1', 'a2', 'a3'], ['b1'], ['c1', 'c2']])).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'c2',
      'a3',
    ]);
    expect(interleave([])).toEqual([]);
  });
});
