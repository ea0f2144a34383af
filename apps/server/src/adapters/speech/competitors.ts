/**
 * Competing words for a reading's words (issue 15): the dictionary's words one phone away from a
 * reference word ("ocean" for "open", "feed" for "food", "explored" for "explores"). Forced
 * alignment offers nothing but the reference, so a similar-sounding substitute aligns as the
 * word with confident phones; offered its neighbours beside it at a small prior (decode.ts), the
 * search takes a neighbour where the audio fits it clearly better.
 */
import { readFileSync } from 'node:fs';
import { PHONES } from './grammar';

/** The phones a pronunciation may hold (the model's 39), coded as bytes. */
const PHONE_CODES = new Map<string, number>(PHONES.map((phone, index) => [phone, index + 1]));

/**
 * Words with fewer phones are left without competitors: "the", "of", "in" have dozens of
 * neighbours and are said reduced anyway (the off-topic share leaves them out for the same reason).
 */
export const MIN_COMPETED_PHONES = 3;
/** At most this many competitors a word: each is a parallel arc of the reading's search. */
export const MAX_COMPETITORS = 24;

/** The dictionary's first pronunciations grouped by length, phones coded one byte each. */
export interface NeighbourIndex {
  byLength: Map<number, { words: string[]; codes: Uint8Array }>;
}

function encode(phones: readonly string[]): Uint8Array | null {
  const codes = new Uint8Array(phones.length);
  for (const [i, phone] of phones.entries()) {
    const code = PHONE_CODES.get(phone);
    if (code === undefined) return null;
    codes[i] = code;
  }
  return codes;
}

/**
 * The index of a dictionary file (`word PH ON ES` a line, alternates as `word(2)`): plain
 * lower-case words only, alternates left out (a competitor is a word, said its usual way).
 */
export function neighbourIndex(dictionaryText: string): NeighbourIndex {
  const grouped = new Map<number, { words: string[]; codes: number[] }>();
  for (const line of dictionaryText.split('\n')) {
    const [word, ...phones] = line.trim().split(/\s+/);
    if (!word || !/^[a-z]+$/.test(word) || phones.length < MIN_COMPETED_PHONES) continue;
    const codes = encode(phones);
    if (!codes) continue;
    let group = grouped.get(phones.length);
    if (!group) {
      group = { words: [], codes: [] };
      grouped.set(phones.length, group);
    }
    group.words.push(word);
    group.codes.push(...codes);
  }
  const byLength = new Map<number, { words: string[]; codes: Uint8Array }>();
  for (const [length, group] of grouped)
    byLength.set(length, { words: group.words, codes: Uint8Array.from(group.codes) });
  return { byLength };
}

export function loadNeighbourIndex(dictionaryFile: string): NeighbourIndex {
  return neighbourIndex(readFileSync(dictionaryFile, 'utf8'));
}

/**
 * Words whose pronunciation differs from `phones` in exactly one phone, none of them `word`
 * itself nor sounding like any of `own` (the word's own pronunciations and variants: "affect"
 * is one of "effect"'s, so it can never compete) nor like another competitor. In dictionary
 * order, at most MAX_COMPETITORS of those `maxRank` lets compete. A competitor is named by its
 * most common spelling (`rank`, 0 the most common): the learner is told the word sounded like "feed", not like "fede", its
 * homophone that comes first in the dictionary. The name does not change the search.
 */
export function competitorsOf(
  index: NeighbourIndex,
  word: string,
  phones: readonly string[],
  own: readonly (readonly string[])[],
  rank: (word: string) => number | undefined = () => undefined,
  /**
   * Only words at most this common rank compete (a homophone by its most common spelling); a
   * word the frequency list lacks never does. All the dictionary's neighbours when not given.
   */
  maxRank?: number,
): { word: string; phones: string[] }[] {
  if (phones.length < MIN_COMPETED_PHONES) return [];
  const target = encode(phones);
  const group = index.byLength.get(phones.length);
  if (!target || !group) return [];
  const ownKeys = new Set(own.map((pron) => pron.join(' ')));
  const chosen = new Map<string, { word: string; phones: string[] }>();
  const n = phones.length;
  // A spelling with no vowel letter is an abbreviation ("ln", "st") or a typing slip in the
  // subtitles the ranks come from ("ln" for "In" ranks 973): it neither names a competitor for
  // the learner ("main" sounded like "lane", not "ln") nor makes one common.
  const byRank = (candidate: string) =>
    (/[aeiouy]/.test(candidate) ? rank(candidate) : undefined) ?? Number.POSITIVE_INFINITY;
  // The whole group is read: a homophone of a chosen competitor may come after the last one.
  for (let w = 0; w < group.words.length; w += 1) {
    let differ = 0;
    for (let i = 0; i < n && differ < 2; i += 1)
      if (group.codes[w * n + i] !== target[i]) differ += 1;
    if (differ !== 1) continue;
    const candidate = group.words[w] ?? '';
    if (candidate === word) continue;
    const candidatePhones = Array.from(
      group.codes.subarray(w * n, (w + 1) * n),
      (code) => PHONES[code - 1] ?? '',
    );
    // Homophones ("denny", "dennie") are one competitor: the search could not tell them apart.
    const key = candidatePhones.join(' ');
    if (ownKeys.has(key)) continue;
    const same = chosen.get(key);
    if (same) {
      if (byRank(candidate) < byRank(same.word)) same.word = candidate;
      continue;
    }
    chosen.set(key, { word: candidate, phones: candidatePhones });
  }
  const competing =
    maxRank === undefined
      ? [...chosen.values()]
      : [...chosen.values()].filter((competitor) => byRank(competitor.word) <= maxRank);
  return competing.slice(0, MAX_COMPETITORS);
}
