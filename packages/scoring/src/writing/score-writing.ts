import {
  CURRENT_SCORING_PROFILE,
  getTypeScoring,
  normalizeTypedText,
  TextAnswerSchema,
  type ItemOf,
  type ScoringProfile,
  type TraitResult,
  type WritingResult,
} from '@ninety/contract';
import type { LanguageCheck } from './language-check';
import { countWords, tokenize } from './text-analysis';
import {
  numericMax,
  scoreContent,
  scoreDevelopment,
  scoreForm,
  scoreGrammar,
  scoreLinguisticRange,
  scoreSpelling,
  scoreVocabulary,
  type ContentSource,
} from './traits';

export type WritingTypeCode = 'SWT' | 'WE' | 'SST';
export type WritingItem = ItemOf<WritingTypeCode>;
export const WRITING_TYPE_CODES: readonly WritingTypeCode[] = ['SWT', 'WE', 'SST'];

export function isWritingItem(item: { type: string }): item is WritingItem {
  return (WRITING_TYPE_CODES as readonly string[]).includes(item.type);
}

/** The text a learner's answer is judged against. */
function contentSourceOf(item: WritingItem): ContentSource {
  const { keyPoints, sampleAnswer } = item.key;
  switch (item.type) {
    case 'SWT':
      return { sourceText: item.content.passage, keyPoints, sampleAnswer, isEssay: false };
    case 'SST':
      return { sourceText: item.key.transcript, keyPoints, sampleAnswer, isEssay: false };
    case 'WE':
      return { sourceText: item.content.prompt, keyPoints, sampleAnswer, isEssay: true };
  }
}

/** Words of the item itself (names, terms of the passage) that the speller must accept. */
export function knownWordsOf(item: WritingItem): string[] {
  const source = contentSourceOf(item);
  return [
    ...tokenize(source.sourceText),
    ...tokenize(source.sampleAnswer),
    ...source.keyPoints.flatMap((point) => point.keywords.flatMap((keyword) => tokenize(keyword))),
  ].flatMap((token) => [token.normal, ...token.normal.split('-')]);
}

/**
 * Scores a written answer to SWT, WE or SST trait by trait, in the profile's order and with its
 * maxima, then applies the gates (pte-rules §Gate rules: form 0 or content 0 → item 0). `check`
 * holds what the speller and grammar checker found in the same text (see ../language-tools).
 */
export function scoreWriting(
  item: WritingItem,
  answer: unknown,
  check: LanguageCheck,
  profile: ScoringProfile = CURRENT_SCORING_PROFILE,
): WritingResult {
  const { text: typed } = TextAnswerSchema.parse(answer);
  // Read as the language tools read it (look-alike characters, Chinese punctuation: typed-text.ts);
  // marks found here are moved back onto what the learner typed, as the tools' findings are.
  const normal = normalizeTypedText(typed);
  const text = normal.text;
  const onTyped = (result: Omit<TraitResult, 'trait' | 'max'>) => ({
    ...result,
    marks: result.marks.map((mark) => {
      const [start, end] = normal.toOriginal(mark.start, mark.end);
      return { ...mark, start, end, text: typed.slice(start, end) };
    }),
  });
  const scoring = getTypeScoring(item.type, profile);
  const rubric = profile.writing;
  const hasSpelling = scoring.traits.some((spec) => spec.trait === 'spelling');
  const traits: TraitResult[] = scoring.traits.map((spec) => {
    const max = numericMax(spec);
    const scored = (() => {
      switch (spec.trait) {
        case 'form':
          return onTyped(scoreForm(spec, text, normal.chinesePunctuation));
        case 'content':
          return onTyped(scoreContent(spec, text, contentSourceOf(item), rubric));
        case 'spelling':
          return scoreSpelling(spec, check);
        case 'grammar':
          return scoreGrammar(spec, check, countWords(text));
        case 'vocabulary':
          return scoreVocabulary(spec, text, check, rubric, item.type === 'WE', !hasSpelling);
        case 'development':
          return onTyped(scoreDevelopment(spec, text, rubric));
        case 'linguistic-range':
          return onTyped(scoreLinguisticRange(spec, text, rubric));
        default:
          throw new Error(`${item.type} has no writing scorer for ${spec.trait}`);
      }
    })();
    return { trait: spec.trait, max, ...scored, score: Math.min(max, scored.score) };
  });
  const max = traits.reduce((sum, trait) => sum + trait.max, 0);
  const gate = scoring.gates.find(
    (trait) => traits.find((result) => result.trait === trait)?.score === 0,
  );
  return {
    kind: 'writing',
    score: gate ? 0 : traits.reduce((sum, trait) => sum + trait.score, 0),
    max,
    wordCount: countWords(text),
    traits,
    gatedBy: gate ?? null,
  };
}
