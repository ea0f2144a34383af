import { answerProblems, CURRENT_SCORING_PROFILE, type ScoringRuleKind } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { describe, expect, it } from 'vitest';
import {
  keyAnswerOf,
  OBJECTIVE_TYPE_CODES,
  scoreObjective,
  type ObjectiveItem,
  type ObjectiveResult,
} from './score-objective';

/** Which result each rule of the scoring profile produces (contract scoring-profiles/rubric.ts, ScoringRuleKind). */
const KINDS_OF_RULE: Record<ScoringRuleKind, ObjectiveResult['kind'][]> = {
  'per-blank': ['blanks'],
  'plus-minus-floor0': ['choices', 'highlights'],
  'adjacent-pairs': ['reorder'],
  'single-choice': ['choices'],
  'per-word': ['dictation'],
  traits: [],
};

const emptyAnswer: Record<ObjectiveResult['kind'], (item: ObjectiveItem) => unknown> = {
  blanks: (item) => ({ blanks: (keyAnswerOf(item) as { blanks: string[] }).blanks.map(() => '') }),
  choices: () => ({ chosen: [] }),
  reorder: () => ({ order: [] }),
  highlights: () => ({ words: [] }),
  dictation: () => ({ text: '' }),
};

describe.each(OBJECTIVE_TYPE_CODES)('%s', (code) => {
  const item = buildExampleItem(code) as ObjectiveItem;

  it('is scored by the rule its scoring profile names', () => {
    const rule = CURRENT_SCORING_PROFILE.types[code]!.rule;
    expect(KINDS_OF_RULE[rule]).toContain(scoreObjective(item, keyAnswerOf(item)).kind);
  });

  it('the key, as an answer, fits the item and earns full marks', () => {
    expect(answerProblems(item, keyAnswerOf(item))).toEqual([]);
    const result = scoreObjective(item, keyAnswerOf(item));
    expect(result.max).toBeGreaterThan(0);
    expect(result.score).toBe(result.max);
  });

  it('an empty answer fits and earns 0', () => {
    const result = scoreObjective(item, keyAnswerOf(item));
    const empty = emptyAnswer[result.kind](item);
    expect(answerProblems(item, empty)).toEqual([]);
    expect(scoreObjective(item, empty).score).toBe(0);
  });
});

it('refuses an answer of another type’s shape instead of scoring it', () => {
  const item = buildExampleItem('RO') as ObjectiveItem;
  expect(() => scoreObjective(item, { chosen: ['A'] })).toThrow();
});
