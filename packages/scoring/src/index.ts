/**
 * Pure scoring shared by the server (which always rescores) and the client (previews only). Rules
 * follow docs/pte-rules.md; every function's tests name the rule they check.
 */
export * from './objective/blanks';
export * from './objective/choices';
export * from './objective/dictation';
export { diffWords } from './objective/dictation-diff';
export * from './objective/highlights';
export * from './objective/reorder';
export * from './objective/score-objective';
export * from './estimate';
export * from './writing/language-check';
export * from './writing/score-writing';
export { splitSentences, tokenize } from './writing/text-analysis';
export type * from './speaking/alignment';
export * from './speaking/arpabet';
export * from './speaking/score-speaking';
export { measureFluency, ratePenalty, wordsPerMinute } from './speaking/fluency';
export { isContentError, keywordContent, pronunciationOf } from './speaking/traits';
export { penaltyOf, scoreFromPenalty, isOmitted, verdictOf } from './speaking/words';
export * from './mock';
