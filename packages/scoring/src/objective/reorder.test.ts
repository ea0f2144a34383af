import { describe, expect, it } from 'vitest';
import { scoreReorder } from './reorder';

describe('re-order paragraphs — pte-rules §Part 2 RO: 1 per correct adjacent pair', () => {
  const key = ['C', 'A', 'E', 'B', 'D'];
  it.each([
    { case: 'the key order', given: ['C', 'A', 'E', 'B', 'D'], score: 4 },
    { case: 'the shown order', given: ['A', 'B', 'C', 'D', 'E'], score: 0 },
    {
      case: 'first paragraph wrong, the rest in order',
      given: ['A', 'E', 'B', 'D', 'C'],
      score: 3,
    },
    { case: 'two pairs kept, swapped halves', given: ['B', 'D', 'C', 'A', 'E'], score: 3 },
    { case: 'reversed order earns nothing', given: ['D', 'B', 'E', 'A', 'C'], score: 0 },
    { case: 'only some paragraphs placed', given: ['C', 'A'], score: 1 },
    { case: 'nothing placed', given: [], score: 0 },
    { case: 'one paragraph placed', given: ['E'], score: 0 },
  ])('$case → $score of 4', ({ given, score }) => {
    expect(scoreReorder(key, given)).toMatchObject({ score, max: 4 });
  });

  it('names each pair of the key and whether the answer kept it', () => {
    expect(scoreReorder(['B', 'A', 'C'], ['B', 'C', 'A']).pairs).toEqual([
      { first: 'B', second: 'A', correct: false },
      { first: 'A', second: 'C', correct: false },
    ]);
  });
});
