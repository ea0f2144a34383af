import { toWords, type ListeningDiffToken } from '@ninety/contract';

/**
 * The word diff of a dictation against its transcript, in reading order. Both sides are
 * normalised as the WFD rules compare words (`toWords`: case, punctuation and curly apostrophes
 * do not count). The longest common subsequence of the two fixes the words written right; between
 * two of those, the transcript's remaining words and the learner's are paired in order: a close
 * spelling is misspelt, another word is wrong, and what is left over is missing or extra.
 */
export function diffWords(transcript: string, answer: string): ListeningDiffToken[] {
  const expected = toWords(transcript);
  const written = toWords(answer);
  const n = expected.length;
  const m = written.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i]![j] =
        expected[i] === written[j]
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: ListeningDiffToken[] = [];
  let gapExpected: string[] = [];
  let gapWritten: string[] = [];
  const flush = () => {
    const paired = Math.min(gapExpected.length, gapWritten.length);
    for (let k = 0; k < paired; k += 1) {
      const e = gapExpected[k]!;
      const w = gapWritten[k]!;
      out.push({ kind: isMisspelling(e, w) ? 'misspelt' : 'wrong', expected: e, written: w });
    }
    for (const e of gapExpected.slice(paired))
      out.push({ kind: 'missing', expected: e, written: null });
    for (const w of gapWritten.slice(paired))
      out.push({ kind: 'extra', expected: null, written: w });
    gapExpected = [];
    gapWritten = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i] === written[j]) {
      flush();
      out.push({ kind: 'correct', expected: expected[i]!, written: written[j]! });
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      gapExpected.push(expected[i]!);
      i += 1;
    } else {
      gapWritten.push(written[j]!);
      j += 1;
    }
  }
  flush();
  return out;
}

/** Close enough to be the same word misspelt: edit distance ≤ 1 up to 4 letters, ≤ 2 longer. */
export function isMisspelling(expected: string, written: string): boolean {
  const allowed = expected.length <= 4 ? 1 : 2;
  return editDistance(expected, written, allowed) <= allowed;
}

/** Levenshtein distance, stopping early once it is past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let x = 1; x <= a.length; x += 1) {
    const current = [x];
    let rowMin = x;
    for (let y = 1; y <= b.length; y += 1) {
      const cost = a[x - 1] === b[y - 1] ? 0 : 1;
      const value = Math.min(previous[y]! + 1, current[y - 1]! + 1, previous[y - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
