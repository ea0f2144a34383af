import { toWords, type KeyPoint, type ShareBand, type SpeakingRubric } from '@ninety/contract';
import type { ScoredWord } from './words';

/** Content and pronunciation of a speaking answer (speech-engine.md §7.3, §7.4; pte-rules §Part 1). */

/**
 * A content error of a read or repeated word (§7.4 Content, Read Aloud: "E = #omitted + #red
 * words with pen ≥ B"; pte-rules: "each omitted, inserted or replaced word is an error").
 * Insertions are not detected (§7.6).
 */
export function isContentError(word: ScoredWord, rubric: SpeakingRubric): boolean {
  // Another word heard in its place (set only when the profile counts competitors).
  if (word.omitted || word.heardAs !== undefined || word.squeezed) return true;
  // Against the free phone decode when there is one (issue 15): a voice the model fits badly
  // raises every word's penalty, not its distance from the best phones.
  if (word.gop !== undefined && rubric.goodness)
    return (
      (word.judgedGop ?? word.gop) >= rubric.goodness.contentErrorAt &&
      word.penalty >= (rubric.goodness.minPenalty ?? 0)
    );
  return word.penalty >= (rubric.contentErrorPenalty ?? rubric.word.b);
}

/** A word far from the text, for the off-topic share. */
function isFar(word: ScoredWord, rule: { penalty: number }, rubric: SpeakingRubric): boolean {
  if (word.omitted || word.heardAs !== undefined) return true;
  if (word.gop !== undefined && rubric.goodness) return word.gop >= rubric.goodness.offTopicAt;
  return word.penalty >= rule.penalty;
}

/**
 * Whole-reading check (issue 15): another text read against the reference aligns with every
 * word mediocre, where a reading with a few words wrong keeps most of them clean.
 */
export function isOffTopicReading(words: readonly ScoredWord[], rubric: SpeakingRubric): boolean {
  const rule = rubric.offTopic;
  // Words of few phones ("the", "of", "are") fit a stretch of any speech: they do not count
  // when the profile says so, except when they were not said at all. Nor, then, do the words
  // after the last one said: a reading that stopped early is not another text.
  const minPhones = rule?.minPhones;
  const lastSaid = words.findLastIndex((word) => !word.omitted);
  const counted =
    minPhones === undefined
      ? words
      : words.filter(
          (word, i) => i <= lastSaid && (word.omitted || word.phones.length >= minPhones),
        );
  if (!rule || counted.length === 0) return false;
  const far = counted.filter((word) => isFar(word, rule, rubric)).length;
  return far / counted.length >= rule.share;
}

/** The content errors of a reading: every word when it is not the text. */
function contentErrors(words: readonly ScoredWord[], rubric: SpeakingRubric): ScoredWord[] {
  return isOffTopicReading(words, rubric)
    ? [...words]
    : words.filter((word) => isContentError(word, rubric));
}

/**
 * RA content. The profile is the source of truth: its content maximum is `words-in-text`, one
 * point per word of the text read correctly, so content = N − E. §7.4 also sketches a 0–5 band
 * over c = (N − E)/N; we do not use it as the trait, because the profile (pte-rules: every error
 * costs a point) counts words — but c is exactly C/C_max in the estimate, so the 10–90 estimate is
 * the same either way. The UI shows "k / N 个词" as §7.4 asks.
 */
export function readAloudContent(words: readonly ScoredWord[], rubric: SpeakingRubric) {
  const errors = contentErrors(words, rubric);
  return { score: words.length - errors.length, max: words.length, errors };
}

/**
 * RS content 0–3 by the share of the sentence's words said (the profile's share bands; pte-rules
 * §Part 1: 3 all words in order, 2 ≥ 50 %, 1 < 50 %, 0 almost none). Forced alignment keeps the
 * order, so "in order" holds for every word that was said.
 */
export function repeatSentenceContent(
  words: readonly ScoredWord[],
  bands: readonly ShareBand[],
  rubric: SpeakingRubric,
) {
  const errors = contentErrors(words, rubric);
  const share = words.length === 0 ? 0 : (words.length - errors.length) / words.length;
  const band = [...bands]
    .sort((a, b) => b.minShare - a.minShare)
    .find((candidate) => share >= candidate.minShare);
  return { score: band?.score ?? 0, share, errors };
}

/** Recognised words confident enough to count (§7.3: decoded with a penalty below B). */
function confidentWords(words: readonly ScoredWord[], rubric: SpeakingRubric): string[] {
  return words.filter((word) => isHeard(word, rubric)).flatMap((w) => matchWords(w.normal));
}

/**
 * A recognised word confident enough to count: under the penalty B, and, against the free phones
 * of its frames when there are some (issue 15), under the profile's goodness limit. Without it a
 * template or an off-topic answer "said" the key points the grammar put on its words.
 */
export function isHeard(word: ScoredWord, rubric: SpeakingRubric): boolean {
  if (word.penalty >= rubric.recognisedMaxPenalty) return false;
  // The answer's own limit when the profile moves it with the speaker (open-answers.ts).
  const limit = word.heardLimit ?? rubric.openAnswers?.heardMaxGoodness;
  return limit === undefined || word.gop === undefined || word.gop < limit;
}

/**
 * Words any answer of the type says whatever it is about: discourse markers and the names of
 * the task's parts. A memorised template is made of them, so they prove no key point (issue 15:
 * "overall" and "first" were counted as key points of templates).
 */
export const GENERIC_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'overall first firstly second secondly third thirdly finally lastly also however conclusion ' +
    'summary summarise example examples important information topic main idea ideas point points ' +
    'image picture chart graph figure lecture lecturer speaker speakers discussion discuss discussed ' +
    'talk talked mention mentioned different shows show shown number numbers thing things good ' +
    'very really many some people'
  ).split(' '),
);

/**
 * The keywords that can prove a key point: not generic, nor (under a profile that lists them) a
 * single word that sounds like a function word, unless the point has nothing else.
 */
export function provingKeywords(
  keywords: readonly string[],
  rubric?: SpeakingRubric,
): readonly string[] {
  const soundAlikes = rubric?.openAnswers?.soundAlikeKeywords ?? [];
  const specific = keywords.filter((keyword) => {
    const words = matchWords(keyword);
    if (words.every((word) => GENERIC_KEYWORDS.has(word))) return false;
    return !(words.length === 1 && soundAlikes.includes(words[0] ?? ''));
  });
  return specific.length > 0 ? specific : keywords;
}

const ONES =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–9999 as spoken words ("56" → fifty six); other numbers stay digits. */
function spokenNumber(n: number): string[] {
  if (n < 20) return [ONES[n] ?? String(n)];
  if (n < 100) {
    const tens = TENS[Math.floor(n / 10)] ?? '';
    return n % 10 === 0 ? [tens] : [tens, ONES[n % 10] ?? ''];
  }
  if (n < 1000) {
    const rest = n % 100;
    return [ONES[Math.floor(n / 100)] ?? '', 'hundred', ...(rest ? spokenNumber(rest) : [])];
  }
  if (n < 10_000) {
    const rest = n % 1000;
    return [ONES[Math.floor(n / 1000)] ?? '', 'thousand', ...(rest ? spokenNumber(rest) : [])];
  }
  return [String(n)];
}

/**
 * The words a keyword is heard as (issue 15): the decoder spots "fifty-six" and "56" as "fifty"
 * "six", so hyphens split words, numbers are spoken and "%" is "percent"; the words the engine
 * heard are compared in the same form.
 */
export function matchWords(text: string): string[] {
  return toWords(
    text
      .toLowerCase()
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      .replace(/(\d+)\s*%/g, '$1 percent')
      .replace(/[-‐–—/]+/g, ' '),
  ).flatMap((word) => (/^\d+$/.test(word) ? spokenNumber(Number(word)) : [word]));
}

/** Where `phrase` occurs as consecutive words of `heard`. */
function occursIn(heard: readonly string[], phrase: string): boolean {
  const needle = matchWords(phrase);
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= heard.length; start += 1) {
    if (needle.every((word, offset) => heard[start + offset] === word)) return true;
  }
  return false;
}

export interface KeyPointHeard {
  point: string;
  covered: boolean;
  /** The keyword heard, when covered. */
  matched?: string;
  keywords: readonly string[];
}

/**
 * DI, RL, RTS, SGD content: weighted keyword coverage (§7.4: 0–5 = round(5 · coverage); with the
 * profile's maximum, 5 or 6, in place of 5). Each key point weighs the same (the key schema has
 * no weights) and is covered by any one of its keywords, which are synonyms of each other. No
 * credit for paraphrase (§7.6).
 */
export function keywordContent(
  words: readonly ScoredWord[],
  keyPoints: readonly KeyPoint[],
  max: number,
  rubric: SpeakingRubric,
) {
  const heard = confidentWords(words, rubric);
  const points: KeyPointHeard[] = keyPoints.map((point) => {
    const matched = provingKeywords(point.keywords, rubric).find((keyword) =>
      occursIn(heard, keyword),
    );
    return matched === undefined
      ? { point: point.point, covered: false, keywords: point.keywords }
      : { point: point.point, covered: true, matched, keywords: point.keywords };
  });
  const coverage =
    points.length === 0 ? 0 : points.filter((point) => point.covered).length / points.length;
  return { score: Math.round(max * coverage), coverage, points };
}

/** ASQ (§7.3): correct when an accepted answer was decoded with a penalty below B. */
export function shortAnswerCorrect(
  words: readonly ScoredWord[],
  acceptedAnswers: readonly string[],
  rubric: SpeakingRubric,
): string | null {
  const heard = confidentWords(words, rubric);
  return acceptedAnswers.find((answer) => occursIn(heard, answer)) ?? null;
}

/** Pronunciation 0–5 from the words' own scores, before any cap. */
function uncappedPronunciation(words: readonly ScoredWord[], rubric: SpeakingRubric): number {
  const said = words.filter((word) => !word.omitted);
  let weighted = 0;
  let duration = 0;
  for (const word of said) {
    const seconds = Math.max(word.end - word.start, 0);
    weighted += (seconds * (word.score - 10)) / 80;
    duration += seconds;
  }
  if (duration <= 0) return 0;
  const step = rubric.pronunciationStep;
  return Math.round((5 * weighted) / duration / step) * step;
}

/**
 * The cap that holds pronunciation down (§7.4: under half of the words said), or null when the
 * said words' own scores are at or under it: the result page names the cap only when it is why
 * pronunciation is low (issue 15: 2 / 5 shown beside "听到的词都读得清楚").
 */
export function pronunciationCapOf(
  words: readonly ScoredWord[],
  rubric: SpeakingRubric,
): number | null {
  const said = words.filter((word) => !word.omitted).length;
  const saidShare = words.length === 0 ? 0 : said / words.length;
  if (saidShare >= rubric.pronunciationCapBelowSaidShare) return null;
  return uncappedPronunciation(words, rubric) > rubric.pronunciationCap
    ? rubric.pronunciationCap
    : null;
}

/**
 * Pronunciation 0–5 (§7.4): `5 · Σ dur·(ws − 10)/80 / Σ dur` over the words said, rounded to the
 * rubric's step (0.5), capped at 2 when under half of the words were said.
 */
export function pronunciationOf(words: readonly ScoredWord[], rubric: SpeakingRubric): number {
  return pronunciationCapOf(words, rubric) ?? uncappedPronunciation(words, rubric);
}
