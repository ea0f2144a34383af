/**
 * What the rest of the app may use of the item types: the registry, the one runner with its
 * policies, and the result and key views.
 */
export { itemKindOf, loadItemType, useItemType } from './registry';
/** Repeat Sentence itself, which 精听's shadowing runs at once with its own timing. */
export { rs } from './rs';
export {
  ItemRunner,
  EXAM_TEXT,
  ExamMicrophoneHelp,
  examPolicy,
  practicePolicy,
  useSpeakingTake,
  type DraftPlace,
  type ItemRunnerProps,
  type RecordedTake,
  type RunnerPolicy,
} from './runner';
export { AnswerPanel, KeyText } from './shared/answer-panel';
export { ResultPanel } from './shared/result-panel';
export { PromptVolumeContext, type PromptVolume } from './shared/prompt-volume';
/** The speaking result view (words coloured by band, phonemes), for 精听's shadowing. */
export { SpeechEvidence } from './shared/speech-evidence';
export { useWordColors } from './shared/word-color-bands';
export type {
  EvidenceProps,
  ItemType,
  RendererProps,
  SpeakingItemType,
  SpeakingTypeCode,
  WrittenItemType,
} from './types';
