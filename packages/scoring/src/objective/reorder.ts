/**
 * Re-order paragraphs (pte-rules §Part 2 RO): 1 point for each pair of paragraphs that follow each
 * other in the key and also follow each other, in that order, in the learner's answer. The answer
 * may leave paragraphs out; only the pairs it places count.
 */

export interface PairVerdict {
  first: string;
  second: string;
  correct: boolean;
}

export interface ReorderResult {
  score: number;
  max: number;
  pairs: PairVerdict[];
}

export function scoreReorder(keyOrder: readonly string[], given: readonly string[]): ReorderResult {
  const next = new Map<string, string>();
  for (let index = 0; index + 1 < given.length; index += 1) {
    next.set(given[index]!, given[index + 1]!);
  }
  const pairs: PairVerdict[] = [];
  for (let index = 0; index + 1 < keyOrder.length; index += 1) {
    const first = keyOrder[index]!;
    const second = keyOrder[index + 1]!;
    pairs.push({ first, second, correct: next.get(first) === second });
  }
  return { score: pairs.filter((pair) => pair.correct).length, max: pairs.length, pairs };
}
