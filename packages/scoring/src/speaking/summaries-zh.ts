/**
 * The Chinese sentences a speaking result shows: why a recording was not scored, and what each
 * trait's score rests on (speech-engine.md §7.2–§7.4). Scoring decides; this file only words it.
 */
import type { SpeakingRubric, SpeechUnscoredReason } from '@ninety/contract';
import type { FluencyMeasures } from './fluency';
import type { ScoredWord } from './words';

/** What the learner reads when a recording could not be scored (speech-engine.md §7.2). */
export const UNSCORED_MESSAGES_ZH: Record<SpeechUnscoredReason, string> = {
  'no-speech': '没有听清：录音里没有听到说话声，请检查麦克风后再录一次。',
  'too-quiet': '没有听清：声音太小，请靠近麦克风或调高音量后再录一次。',
  clipped: '没有听清：声音过大出现了失真，请离麦克风远一些再录一次。',
  'decode-failed': '没有听清：这段录音无法识别，请在安静的环境里清楚地再录一次。',
  'invalid-result': '没有听清：评分结果无法解析，请再录一次。',
};

/** Prefixed to pronunciation and fluency when a content score of 0 zeroes them. */
export const GATED_ZH = '内容得 0 分，按评分规则本项也记 0 分。实测：';

const list = (words: readonly string[], limit = 8) =>
  words.length > limit
    ? `${words.slice(0, limit).join('、')} 等 ${words.length} 个`
    : words.join('、');
const quoted = (words: readonly string[]) => list(words.map((word) => `“${word}”`));

/** pte-rules §Pronunciation and fluency bands, 0–5. */
const BANDS_ZH = ['难以听懂', '有限', '中等', '良好', '熟练', '接近母语'];

function wordErrorsZh(errors: readonly ScoredWord[]): string {
  const omitted = errors.filter((word) => word.omitted).map((word) => word.text);
  // A word heard as a similar-sounding one says which (issue 15): "open（听起来像 ocean）"; one
  // the search found almost no time for says so, or the learner cannot tell why it is wrong.
  const misread = errors
    .filter((word) => !word.omitted)
    .map((word) =>
      word.heardAs
        ? `${word.text}（听起来像 ${word.heardAs}）`
        : word.squeezed
          ? `${word.text}（一带而过，像是没读或读成了别的词）`
          : word.text,
    );
  return [
    omitted.length > 0 ? `没有听到：${list(omitted)}` : '',
    misread.length > 0 ? `没有读对：${list(misread)}` : '',
  ]
    .filter(Boolean)
    .join('；');
}

/** Read Aloud content: the words read correctly, and those missed or misread. */
export function readAloudSummaryZh(
  score: number,
  max: number,
  errors: readonly ScoredWord[],
): string {
  const errorsZh = wordErrorsZh(errors);
  return `读对 ${score} / ${max} 个词${errorsZh ? `；${errorsZh}` : '，没有漏读或读错的词'}。`;
}

/** Repeat Sentence content: the words repeated, as a count and a share. */
export function repeatSentenceSummaryZh(
  said: number,
  total: number,
  share: number,
  errors: readonly ScoredWord[],
): string {
  const errorsZh = wordErrorsZh(errors);
  return `复述出 ${said} / ${total} 个词（${Math.round(share * 100)}%）${errorsZh ? `；${errorsZh}` : ''}。`;
}

/** Answer Short Question: the accepted answer heard, or the ones that would have counted. */
export function shortAnswerSummaryZh(
  answer: string | null,
  acceptedAnswers: readonly string[],
): string {
  return answer === null
    ? `没有听到可接受的答案（参考：${acceptedAnswers.join(' / ')}）。`
    : `回答正确：听到“${answer}”。`;
}

/** Key-point content (DI, RL, RTS, SGD): how many points were heard, and a keyword of each missed. */
export function keyPointsSummaryZh(
  covered: number,
  total: number,
  missed: readonly string[],
  templateRisk = false,
): string {
  // The whole-answer check (issue 15) zeroed the content: say why, or 0 / n reads as unheard.
  if (templateRisk)
    return `听到的关键词太少也不够清楚，整段回答不像在讲这道题（疑似背模板或离题），要点按 0 / ${total} 计。只按关键词判断，同义改述不计分。`;
  return (
    `答到 ${covered} / ${total} 个要点` +
    (missed.length > 0 ? `；没有听到：${quoted(missed)}` : '') +
    '。只按关键词判断，同义改述不计分。'
  );
}

/**
 * `cap` is the cap that held the score down (traits.ts `pronunciationCapOf`): then the sentence
 * says so, since the words heard may all be clear while the score is low.
 */
export function pronunciationSummaryZh(
  value: number,
  words: readonly ScoredWord[],
  isReading: boolean,
  cap: number | null = null,
): string {
  const unclear = words.filter((word) => word.verdict === 'unclear' || word.verdict === 'bad');
  // The trait counts whole points (as PTE's 0–5 traits do), a half point rounded down; the half
  // point is shown beside it and counts in the 估分, so the sentence names both.
  const points = Math.floor(value);
  const band = BANDS_ZH[points] ?? BANDS_ZH[0];
  const said = words.filter((word) => !word.omitted).length;
  return (
    `发音 ${points} / 5（${band}${points === value ? '' : `，细分 ${value}`}）` +
    (cap === null
      ? ''
      : `；只听到 ${said} / ${words.length} 个词，不到一半，按评分规则发音最多记 ${cap} 分`) +
    (unclear.length > 0
      ? `；读得不清楚的词：${list(unclear.map((word) => word.text))}，点开单词看音素。`
      : cap === null
        ? '；听到的词都读得清楚。'
        : '；听到的这些词读得清楚。') +
    // §7.3: open tasks are scored only over the words recognised, with less confidence.
    (isReading ? '' : '（只按识别出的词估计，仅供参考。）')
  );
}

export function fluencySummaryZh(measures: FluencyMeasures, rubric: SpeakingRubric): string {
  const parts: string[] = [];
  const pace =
    measures.wpm > rubric.maxWpm ? '偏快' : measures.wpm < rubric.slowWpm ? '偏慢' : '适中';
  parts.push(`语速 ${measures.wpm} 词/分钟，${pace}`);
  const long = measures.pauses.filter((pause) => pause.kind === 'long');
  if (long.length > 0) {
    parts.push(`在 ${quoted(long.map((pause) => pause.afterWord))} 后停顿过长`);
  }
  const hesitant = measures.pauses.filter((pause) => pause.kind === 'hesitation');
  if (hesitant.length > 0) {
    parts.push(`在 ${quoted(hesitant.map((pause) => pause.afterWord))} 后有犹豫停顿`);
  }
  if (measures.fillers > 0) parts.push(`有 ${measures.fillers} 处 “um / uh” 一类的填充音`);
  if (measures.repetitions > 0) parts.push(`重复了 ${measures.repetitions} 次`);
  if (measures.longestRun < rubric.minLongestRun) {
    parts.push(`最长只连贯说出 ${measures.longestRun} 个词，像是一个词一个词地蹦`);
  }
  if (parts.length === 1 && pace === '适中') parts.push('停顿自然');
  return `${parts.join('；')}。`;
}
