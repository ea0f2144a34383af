import { toWords } from '@ninety/contract';

/**
 * Write from dictation (pte-rules §Part 3 WFD): 1 point per word of the sentence that the answer
 * contains, spelled right, in any order; case and punctuation are ignored, each written word earns
 * at most one point, and the key's spelling variants are accepted (pte-rules §Spelling). A
 * contraction is one word: "do not" does not earn "don't".
 */

export type DictationWordKind = 'correct' | 'missed' | 'extra';

export interface DictationWord {
  text: string;
  /** correct: written and in the sentence; missed: in the sentence, not written (shown in
   * brackets); extra: written, not in the sentence (shown struck through). */
  kind: DictationWordKind;
}

export interface DictationResult {
  score: number;
  max: number;
  /** The learner's words in their order, with the missed ones placed where they belong. */
  words: DictationWord[];
}

export interface DictationKey {
  sentence: string;
  variants?: readonly { word: string; accepted: readonly string[] }[] | undefined;
}

export function scoreDictation(key: DictationKey, answer: string): DictationResult {
  const expected = toWords(key.sentence);
  const written = toWords(answer);
  const variants = new Map<string, Set<string>>();
  for (const variant of key.variants ?? []) {
    const [word] = toWords(variant.word);
    if (word)
      variants.set(word, new Set(variant.accepted.flatMap((spelling) => toWords(spelling))));
  }
  const accepts = (keyWord: string, word: string) =>
    keyWord === word || (variants.get(keyWord)?.has(word) ?? false);

  // Which written word earned each expected word (−1: none). Matching prefers the next expected
  // word after the last match, so repeated words ("the … the") pair up in reading order.
  const matchOfExpected = expected.map(() => -1);
  const earned = written.map(() => false);
  let last = -1;
  written.forEach((word, writtenIndex) => {
    const free = (index: number) =>
      matchOfExpected[index] === -1 && accepts(expected[index]!, word);
    let found = expected.findIndex((_, index) => index > last && free(index));
    if (found === -1) found = expected.findIndex((_, index) => free(index));
    if (found === -1) return;
    matchOfExpected[found] = writtenIndex;
    earned[writtenIndex] = true;
    last = found;
  });

  // Each missed word goes just before the written word that earned the next expected word.
  const missedBefore = new Map<number, string[]>();
  const missedAtEnd: string[] = [];
  expected.forEach((word, index) => {
    if (matchOfExpected[index] !== -1) return;
    const anchor = matchOfExpected.slice(index + 1).find((match) => match !== -1);
    if (anchor === undefined) missedAtEnd.push(word);
    else missedBefore.set(anchor, [...(missedBefore.get(anchor) ?? []), word]);
  });
  const words: DictationWord[] = [];
  written.forEach((word, index) => {
    for (const missed of missedBefore.get(index) ?? [])
      words.push({ text: missed, kind: 'missed' });
    words.push({ text: word, kind: earned[index] ? 'correct' : 'extra' });
  });
  for (const missed of missedAtEnd) words.push({ text: missed, kind: 'missed' });

  return { score: earned.filter(Boolean).length, max: expected.length, words };
}
