/**
 * JSGF grammars for the open and short-answer items (speech-engine.md §5, §7.3). The decoder has
 * no free dictation, so an answer is decoded against what it may contain: the item's keywords,
 * common function words, and a loop of single phones ("garbage") that soaks up everything else.
 */

/** The model's 39 ARPAbet speech phones; each becomes a one-phone garbage word. */
export const PHONES = [
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'B',
  'CH',
  'D',
  'DH',
  'EH',
  'ER',
  'EY',
  'F',
  'G',
  'HH',
  'IH',
  'IY',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'OW',
  'OY',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'UH',
  'UW',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
] as const;

/**
 * Garbage words are named with a prefix no dictionary word has: adding an existing word fails
 * (gotcha 4).
 */
export const GARBAGE_PREFIX = 'ph_';
export const garbageWord = (phone: string) => `${GARBAGE_PREFIX}${phone.toLowerCase()}`;

/** Function words: answers are mostly these between keywords (§5). */
export const FUNCTION_WORDS = [
  'a',
  'about',
  'after',
  'all',
  'also',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'because',
  'been',
  'but',
  'by',
  'can',
  'could',
  'do',
  'does',
  'for',
  'from',
  'has',
  'have',
  'he',
  'her',
  'here',
  'his',
  'how',
  'i',
  'if',
  'in',
  'is',
  'it',
  'its',
  'more',
  'most',
  'not',
  'of',
  'on',
  'one',
  'or',
  'our',
  'shows',
  'so',
  'some',
  'than',
  'that',
  'the',
  'their',
  'there',
  'these',
  'they',
  'this',
  'to',
  'very',
  'was',
  'we',
  'were',
  'what',
  'when',
  'which',
  'while',
  'who',
  'will',
  'with',
  'would',
  'you',
];

/** Grammar weights from the trial (§5): keywords 0.3, function words 0.65, garbage 0.05. */
const KEYWORD_WEIGHT = 0.3;
const FUNCTION_WEIGHT = 0.65;
const GARBAGE_WEIGHT = 0.05;

const alternatives = (items: string[]) => items.join(' | ');
const garbageRule = `<g> = ${alternatives(PHONES.map(garbageWord))};`;

/**
 * The keyword-spotting grammar. `keywords` are already normalised phrases (arrays of
 * dictionary words); a keyword that is also a function word is spotted as a keyword.
 */
export function keywordGrammar(
  keywords: string[][],
  functionWordList: readonly string[] = FUNCTION_WORDS,
): string {
  const phrases = [...new Set(keywords.filter((k) => k.length > 0).map((k) => k.join(' ')))];
  const keywordSet = new Set(phrases);
  const functionWords = functionWordList.filter((word) => !keywordSet.has(word));
  const branches = [
    ...(phrases.length > 0 ? [`/${KEYWORD_WEIGHT}/ <kw>`] : []),
    `/${FUNCTION_WEIGHT}/ <fw>`,
    `/${GARBAGE_WEIGHT}/ <g>`,
  ];
  return [
    '#JSGF V1.0;',
    'grammar keywords;',
    `public <answer> = ( ${branches.join(' | ')} )+ ;`,
    ...(phrases.length > 0 ? [`<kw> = ${alternatives(phrases.map((p) => `( ${p} )`))};`] : []),
    `<fw> = ${alternatives(functionWords)};`,
    garbageRule,
  ].join('\n');
}

/**
 * The short-answer grammar (§7.3): an accepted answer with optional garbage either side, against
 * garbage alone, so a wrong answer is not forced onto an accepted one.
 */
export function answerGrammar(answers: string[][]): string {
  const phrases = [...new Set(answers.filter((a) => a.length > 0).map((a) => a.join(' ')))];
  const answerBranch = phrases.length > 0 ? [`/0.5/ ( [ <junk> ] <accepted> [ <junk> ] )`] : [];
  return [
    '#JSGF V1.0;',
    'grammar answers;',
    `public <answer> = ${[...answerBranch, '/0.5/ <junk>'].join(' | ')} ;`,
    ...(phrases.length > 0
      ? [`<accepted> = ${alternatives(phrases.map((p) => `( ${p} )`))};`]
      : []),
    '<junk> = <g>+ ;',
    garbageRule,
  ].join('\n');
}

/**
 * Read Aloud / Repeat Sentence when the learner stopped early: the reference read from its first
 * word up to any word (`w1 [ w2 [ w3 … ] ]`). Forced alignment must reach the text's last word, so a
 * reading that stops halfway fails it outright; this grammar finds the part that was read, and the
 * scorer counts the rest as not said.
 */
export function prefixGrammar(words: readonly string[]): string {
  return readingGrammar(endsAnywhere(words));
}

/** `w1 [ w2 [ w3 ] ]`: the words from the first up to any of them. */
function endsAnywhere(words: readonly string[]): string {
  return words.reduceRight((rest, word) => (rest ? `${word} [ ${rest} ]` : word), '');
}

/** `[ [ w1 ] w2 ] w3`: the words from any of them up to the last. */
function startsAnywhere(words: readonly string[]): string {
  return words.reduce((done, word) => (done ? `[ ${done} ] ${word}` : word), '');
}

function readingGrammar(body: string): string {
  return ['#JSGF V1.0;', 'grammar reading;', `public <reading> = ${body} ;`].join('\n');
}

/**
 * The first part of a long reading cut at a pause (split.ts): `fixed` read in full, then the
 * words of `window` up to any of them, since where the pause falls in the text is only estimated.
 */
export function headGrammar(fixed: readonly string[], window: readonly string[]): string {
  const optional = window.length > 0 ? `[ ${endsAnywhere(window)} ]` : '';
  return readingGrammar([fixed.join(' '), optional].filter(Boolean).join(' '));
}

/**
 * The second part: the words of `window` from any of them, then `rest` read in full, or, for a
 * reading the time limit cut off (`endsAnywhere`), up to any of its words.
 */
export function tailGrammar(
  window: readonly string[],
  rest: readonly string[],
  endsAnywhereInRest = false,
): string {
  const optional = window.length > 0 ? `[ ${startsAnywhere(window)} ]` : '';
  const read = endsAnywhereInRest ? endsAnywhere(rest) : rest.join(' ');
  return readingGrammar([optional, read].filter(Boolean).join(' '));
}
