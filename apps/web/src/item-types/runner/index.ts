/** The one runner of an item under a policy, and what callers pass it. */
export { ItemRunner, type ItemRunnerProps } from './item-runner';
export { examPolicy, practicePolicy, type RunnerPolicy } from './policy';
export { EXAM_TEXT, ExamMicrophoneHelp } from './exam-text';
export type { DraftPlace } from './use-answer-state';
export type { RecordedTake } from './use-speaking-take';
export { useSpeakingTake } from './use-speaking-take';
