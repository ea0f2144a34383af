import { describe, expect, it } from 'vitest';
import { scoreMultipleChoice, scoreSingleChoice } from './choices';

describe('multiple answers — pte-rules §Part 2 RMCM / §Part 3 LMCM: +1 per correct option, −1 per wrong option, floor 0', () => {
  const correct = ['B', 'D'];
  it.each([
    { case: 'both right', chosen: ['B', 'D'], score: 2 },
    { case: 'one right', chosen: ['D'], score: 1 },
    { case: 'one right, one wrong', chosen: ['B', 'C'], score: 0 },
    { case: 'both right, one wrong', chosen: ['B', 'D', 'A'], score: 1 },
    { case: 'all options', chosen: ['A', 'B', 'C', 'D', 'E'], score: 0 },
    { case: 'only wrong: floor 0, never negative', chosen: ['A', 'C'], score: 0 },
    { case: 'nothing chosen', chosen: [], score: 0 },
    { case: 'a duplicate selection counts once', chosen: ['B', 'B'], score: 1 },
    { case: 'a wrong option chosen twice costs once', chosen: ['B', 'D', 'A', 'A'], score: 1 },
  ])('$case → $score', ({ chosen, score }) => {
    const result = scoreMultipleChoice(correct, chosen);
    expect(result.score).toBe(score);
    expect(result.max).toBe(2);
  });

  it('reports each chosen or correct option', () => {
    expect(scoreMultipleChoice(correct, ['B', 'C']).options).toEqual([
      { id: 'B', chosen: true, correct: true },
      { id: 'D', chosen: false, correct: true },
      { id: 'C', chosen: true, correct: false },
    ]);
  });
});

describe('one answer — pte-rules §Part 2 RMCS, §Part 3 HCS / LMCS / SMW: 1 or 0', () => {
  it.each([
    { case: 'the right option', chosen: ['C'], score: 1 },
    { case: 'a wrong option', chosen: ['A'], score: 0 },
    { case: 'nothing chosen', chosen: [], score: 0 },
    { case: 'two options, one of them right, is not an answer', chosen: ['A', 'C'], score: 0 },
    { case: 'the right option sent twice', chosen: ['C', 'C'], score: 1 },
  ])('$case → $score', ({ chosen, score }) => {
    expect(scoreSingleChoice(['C'], chosen)).toMatchObject({ score, max: 1 });
  });
});
