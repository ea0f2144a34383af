import { describe, expect, it } from 'vitest';
import { scoreHighlights } from './highlights';

describe('highlight incorrect words — pte-rules §Part 3 HIW: +1 per correct word, −1 per wrong click, floor 0', () => {
  const changed = [4, 11, 23];
  it.each([
    { case: 'all changed words', clicked: [4, 11, 23], score: 3 },
    { case: 'two of three', clicked: [11, 23], score: 2 },
    { case: 'all three and one wrong click', clicked: [4, 11, 23, 7], score: 2 },
    { case: 'one right, two wrong', clicked: [4, 5, 6], score: 0 },
    { case: 'only wrong clicks: floor 0', clicked: [0, 1], score: 0 },
    { case: 'no clicks', clicked: [], score: 0 },
    { case: 'a word clicked twice counts once', clicked: [4, 4], score: 1 },
    { case: 'clicks in any order', clicked: [23, 4], score: 2 },
  ])('$case → $score of 3', ({ clicked, score }) => {
    expect(scoreHighlights(changed, clicked)).toMatchObject({ score, max: 3 });
  });

  it('tells which changed words were found and missed and which clicks were wrong', () => {
    expect(scoreHighlights(changed, [23, 7, 4])).toMatchObject({
      found: [4, 23],
      missed: [11],
      wrong: [7],
    });
  });
});
