/**
 * Text conventions shared by the item schemas, the scorers and the exercise renderers. They live in
 * one place so that "60 words" or "one sentence" means the same thing when an author's item is
 * validated and when a learner's answer is scored.
 */

import { normalizeTypedText } from './typed-text';

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Counts words the way PTE's word counter does: whitespace-separated tokens holding at least one
 * letter or digit, so "well-known" and "2,500" are one word each and a lone dash is none. A blank
 * marker such as `{{3}}` counts as one word, since the learner's answer fills it.
 */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => HAS_LETTER_OR_DIGIT.test(token)).length;
}

/**
 * The words of a text as compared for scoring: lower-cased, curly apostrophes straightened, and
 * punctuation stripped from both ends of each token (inner apostrophes and hyphens stay, so
 * "don't" and "well-known" survive). Case and punctuation never decide a match (pte-rules, WFD).
 */
export function toWords(text: string): string[] {
  // Look-alike apostrophes and hyphens, zero-width characters and Chinese punctuation first (typed-text.ts).
  return normalizeTypedText(text)
    .text.toLowerCase()
    .replace(/[‘’]/g, "'")
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((token) => token.length > 0);
}

/** Whether `phrase` (one word or several) occurs in `text` as whole words, ignoring case and punctuation. */
export function containsPhrase(text: string, phrase: string): boolean {
  const haystack = toWords(text);
  const needle = toWords(phrase);
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/**
 * A sentence ends at `.`, `!` or `?` (closing quotes or brackets may follow) when whitespace and a
 * capital letter, digit or opening quote come next, or at the end of the text — unless the full
 * stop closes an abbreviation or an initial ("Dr. Smith", "the U.S. Department", "e.g. Buses",
 * "J. Smith"). So "3.5 million" and "e.g. the" never split a sentence either.
 */
const SENTENCE_BREAK = /[.!?]+["'”’)\]]*(?=\s+["'“‘(]?[\p{Lu}\p{N}])/gu;
const SENTENCE_END = /[.!?]+["'”’)\]]*$/u;

/** Abbreviations a full stop may close without ending the sentence (lower case, no stops). */
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof st mt jr sr vs etc eg ie us uk usa un eu no nos fig approx dept inc ltd co corp govt'.split(
    ' ',
  ),
);

/** Whether the full stop at `index` closes an abbreviation or a one-letter initial. */
function closesAbbreviation(text: string, index: number): boolean {
  if (text[index] !== '.') return false;
  const before = /([\p{L}.]+)$/u.exec(text.slice(0, index))?.[1] ?? '';
  const bare = before.replace(/\./g, '').toLowerCase();
  return ABBREVIATIONS.has(bare) || /^\p{Lu}$/u.test(before);
}

/** Where each sentence ends inside the text (the index just after its closing punctuation). */
export function sentenceBreaks(text: string): number[] {
  return [...text.matchAll(SENTENCE_BREAK)]
    .filter((match) => !closesAbbreviation(text, match.index ?? 0))
    .map((match) => (match.index ?? 0) + match[0].length);
}

export function countSentences(text: string): number {
  const trimmed = text.trim();
  if (!HAS_LETTER_OR_DIGIT.test(trimmed)) return 0;
  return sentenceBreaks(trimmed).length + 1;
}

/** One sentence with closing punctuation: the form SWT asks for (pte-rules §Part 1, SWT). */
export function isOneSentence(text: string): boolean {
  return countSentences(text) === 1 && SENTENCE_END.test(text.trim());
}

/**
 * Blank markers. A blank in a passage or transcript is written `{{n}}`: n counts 1, 2, 3… in
 * reading order, each number once, and the marker stands as its own word (punctuation may touch
 * it, letters may not). Answer keys name blanks by the same n.
 */
const BLANK_MARKER = /\{\{(\d+)\}\}/g;

export function blankMarker(blank: number): string {
  return `{{${blank}}}`;
}

/**
 * Prose that refers to blanks by their markers (an explanation: "{{1}} 灯塔各有…") with each
 * marker, and the space after it, replaced by a label a learner reads.
 */
export function labelBlankMarkers(text: string, label: (blank: number) => string): string {
  return text.replace(/\{\{(\d+)\}\}\s*/g, (_marker, blank: string) => label(Number(blank)));
}

/** The blank numbers of a text in reading order, repeats and gaps included, for checking. */
export function findBlanks(text: string): number[] {
  return [...text.matchAll(BLANK_MARKER)].map((match) => Number(match[1]));
}

/** What is wrong with the blank markers of a text; empty when they follow the convention. */
export function blankMarkerProblems(text: string): string[] {
  const problems: string[] = [];
  const withoutMarkers = text.replace(BLANK_MARKER, ' ');
  if (/\{|\}/.test(withoutMarkers)) {
    problems.push('has a brace that is not part of a blank marker written {{n}}');
  }
  if (/[\p{L}\p{N}]\{\{\d+\}\}|\{\{\d+\}\}[\p{L}\p{N}]/u.test(text)) {
    problems.push('has a blank marker joined to a word; a blank stands as its own word');
  }
  const blanks = findBlanks(text);
  const expected = blanks.map((_, index) => index + 1);
  if (blanks.join() !== expected.join()) {
    const found = blanks.map(blankMarker).join(', ') || 'none';
    problems.push(
      `blank markers must be numbered {{1}}, {{2}}, {{3}}… in reading order; found ${found}`,
    );
  }
  return problems;
}

/** The text with each `{{n}}` replaced by its answer: the full transcript of an LFIB recording. */
export function fillBlanks(text: string, answers: ReadonlyMap<number, string>): string {
  return text.replace(
    BLANK_MARKER,
    (marker, blank: string) => answers.get(Number(blank)) ?? marker,
  );
}

/**
 * The clickable words of a Highlight Incorrect Words transcript: whitespace-separated tokens with
 * their punctuation attached, as on the test screen. Answer keys point at them by 0-based index.
 */
export function transcriptTokens(text: string): string[] {
  return text.split(/\s+/).filter((token) => token.length > 0);
}

/** `A`, `B`, `C`… : the ids of options and reorder paragraphs, in display order. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

function isoWeeksInYear(year: number): number {
  // A year has 53 ISO weeks when it starts on a Thursday, or on a Wednesday in a leap year.
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 4 || (isLeap && jan1 === 3) ? 53 : 52;
}

/** Whether a string is a real ISO week such as `2026-W47`. */
export function isIsoWeek(value: string): boolean {
  const match = ISO_WEEK.exec(value);
  if (!match) return false;
  const week = Number(match[2]);
  return week >= 1 && week <= isoWeeksInYear(Number(match[1]));
}

/**
 * The ISO week (`2026-W47`) of a calendar date `YYYY-MM-DD`. It takes a date rather than an
 * instant so that the caller decides the time zone (the product's weeks turn over in Beijing time).
 */
export function isoWeekOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? NaN, (month ?? NaN) - 1, day ?? NaN));
  if (Number.isNaN(utc.getTime())) throw new RangeError(`isoWeekOf: not a date: ${date}`);
  // The week belongs to the year of its Thursday.
  const weekday = utc.getUTCDay() || 7;
  utc.setUTCDate(utc.getUTCDate() + 4 - weekday);
  const weekYear = utc.getUTCFullYear();
  const dayOfYear = (utc.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000;
  const week = Math.floor(dayOfYear / 7) + 1;
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}
