import { toWords } from '@ninety/contract';

/**
 * Fill-in-the-blank items, 1 point per correct blank (pte-rules §Part 2 RWFIB, RFIB; §Part 3
 * LFIB). `given[i]` is the learner's answer for blank i + 1; a missing or empty entry is a blank
 * left unanswered.
 */

export interface BlankVerdict {
  blank: number;
  given: string;
  expected: string;
  correct: boolean;
}

export interface BlanksResult {
  score: number;
  max: number;
  blanks: BlankVerdict[];
}

interface KeyedBlank {
  blank: number;
  answer: string;
  variants?: readonly string[] | undefined;
}

function scoreBlanks(
  key: readonly KeyedBlank[],
  given: readonly string[],
  matches: (given: string, accepted: string) => boolean,
): BlanksResult {
  const blanks = [...key]
    .sort((a, b) => a.blank - b.blank)
    .map((entry) => {
      const answer = given[entry.blank - 1]?.trim() ?? '';
      const accepted = [entry.answer, ...(entry.variants ?? [])];
      return {
        blank: entry.blank,
        given: answer,
        expected: entry.answer,
        correct: answer !== '' && accepted.some((candidate) => matches(answer, candidate)),
      };
    });
  return { score: blanks.filter((blank) => blank.correct).length, max: blanks.length, blanks };
}

/**
 * RWFIB and RFIB: the learner picks from fixed options (drop-down or word bank), so the pick must
 * be the key's option itself.
 */
export function scoreChosenBlanks(
  key: readonly KeyedBlank[],
  given: readonly string[],
): BlanksResult {
  return scoreBlanks(key, given, (answer, accepted) => answer === accepted);
}

/**
 * LFIB: a typed word is right when it is the word heard, spelled right; case and surrounding
 * punctuation do not matter, and the key's British / American / Australian variants are accepted
 * (pte-rules §Spelling).
 */
export function scoreTypedBlanks(
  key: readonly KeyedBlank[],
  given: readonly string[],
): BlanksResult {
  return scoreBlanks(key, given, (answer, accepted) => {
    const words = toWords(answer);
    return words.length === 1 && words[0] === toWords(accepted)[0];
  });
}
