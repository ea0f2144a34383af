import { countWords, sentenceBreaks } from '@ninety/contract';
import { stemmer } from 'stemmer';

/**
 * The pieces of a learner's text the writing traits look at, with positions in the original text
 * so evidence can point at the very words.
 */

export interface Token {
  /** As written (curly apostrophes kept). */
  text: string;
  /** Lower case, apostrophes straightened: what comparisons use. */
  normal: string;
  start: number;
  end: number;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*['’]?/gu;

export function tokenize(text: string, offset = 0): Token[] {
  return [...text.matchAll(WORD)].map((match) => {
    const start = offset + (match.index ?? 0);
    return {
      text: match[0],
      normal: match[0].toLowerCase().replace(/’/g, "'").replace(/'$/, ''),
      start,
      end: start + match[0].length,
    };
  });
}

/**
 * Sentences split where contract/text.ts ends them (end mark, then whitespace and a capital, digit
 * or quote; not after an abbreviation), so form and grammar agree on what "one sentence" is.
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (/[\p{L}\p{N}]/u.test(body)) {
      const from = start + lead;
      sentences.push({
        text: body,
        start: from,
        end: from + body.length,
        tokens: tokenize(body, from),
      });
    }
    start = end;
  };
  for (const end of sentenceBreaks(text)) push(end);
  push(text.length);
  return sentences;
}

/** Paragraphs are separated by a blank line (how the test's answer box shows them). */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph));
}

export { countWords };

/**
 * Function words carry no topic: they are left out when judging relevance and lexical diversity.
 * A short closed list is enough for that purpose.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but nor so yet for of in on at to from by with without about as into onto ' +
    'over under than then that this these those there here it its it’s is are was were be been ' +
    'being am do does did done have has had having will would shall should can could may might ' +
    'must i me my we us our you your he him his she her they them their what which who whom ' +
    'whose when where why how not no yes if also very more most much many some any all each ' +
    'both either neither other such only own same too just one two up down out off again ' +
    'further once because while although though since until unless whereas however therefore ' +
    'thus moreover furthermore'
  ).split(' '),
);

export function isContentWord(normal: string): boolean {
  return !STOP_WORDS.has(normal) && /\p{L}/u.test(normal) && normal.length > 2;
}

/** Porter stems, so "flexibility"/"flexible" and "interacts"/"interaction" meet. */
export function stemOf(normal: string): string {
  return normal
    .split('-')
    .map((part) => stemmer(part))
    .join('-');
}

/**
 * Moving-average type–token ratio over a window of 50 words: the share of distinct words in
 * each run of 50, averaged. Unlike a plain type–token ratio it does not fall just because a text
 * is longer. Texts shorter than the window use their own length.
 */
export function movingTypeTokenRatio(words: readonly string[], window = 50): number {
  if (words.length === 0) return 0;
  const size = Math.min(window, words.length);
  let total = 0;
  let windows = 0;
  for (let start = 0; start + size <= words.length; start += 1) {
    total += new Set(words.slice(start, start + size)).size / size;
    windows += 1;
  }
  return total / windows;
}
