import type {
  AnswerOf,
  AttemptResult,
  ItemOf,
  ItemTypeCode,
  WrittenTypeCode,
} from '@ninety/contract';
import type { ComponentType } from 'react';
import type { FlowConfig } from './shared/flow';

/** The eight types answered by a recording, PI (not scored) included. The one definition. */
export type SpeakingTypeCode = Exclude<ItemTypeCode, WrittenTypeCode>;

export type ContentOf<C extends ItemTypeCode> = ItemOf<C>['content'];

/** What every written type's renderer gets from the runner. */
export interface RendererProps<C extends WrittenTypeCode> {
  /** The item's content as the server sends it (media paths already URLs). */
  content: ContentOf<C>;
  answer: AnswerOf<C>;
  onChange: (answer: AnswerOf<C>) => void;
  /** Set once scored: the renderer marks the answer and stops taking input. */
  result: AttemptResult | null;
  /**
   * Seconds left on the item's answer clock, which the runner keeps (so a resumed draft resumes
   * it too); null when the type has none. Only the writing box shows it.
   */
  secondsLeft: number | null;
}

/** What a type's result evidence view gets: the scored result and what it rests on. */
export interface EvidenceProps {
  type: ItemTypeCode;
  result: AttemptResult;
  content: Record<string, unknown>;
  /** What the learner sent: the text the writing evidence marks, the recording a word replays. */
  learnerAnswer: unknown;
  /** The sample answer, once the learner has opened the key (writing shows it under the text). */
  sampleAnswer: string | null;
}

interface ItemTypeBase<C extends ItemTypeCode> {
  code: C;
  /** The instruction line of the real test, in English as the test shows it. */
  instruction: string;
  /** The type's part of the result panel: what was right and wrong, and why. */
  Evidence: ComponentType<EvidenceProps>;
}

/** A type answered on screen: typed, chosen, ordered or highlighted. */
export interface WrittenItemType<C extends WrittenTypeCode> extends ItemTypeBase<C> {
  kind: 'written';
  emptyAnswer: (content: ContentOf<C>) => AnswerOf<C>;
  /** Whether the learner has put anything in (submitting asks before sending nothing). */
  isAnswered: (answer: AnswerOf<C>) => boolean;
  /** The prompt (passage, audio) and the answer editor in one, as the test lays them out. */
  Renderer: ComponentType<RendererProps<C>>;
}

export interface PromptAudioRef {
  src: string;
  durationSeconds: number;
}

/**
 * A type answered by a recording. There is no answer to edit: the speaking flow (prompt audio,
 * countdown, tone, recording) is shared, so a type says what the test says, shows its own prompt
 * and gives the flow its timing.
 */
export interface SpeakingItemType<C extends SpeakingTypeCode> extends ItemTypeBase<C> {
  kind: 'speaking';
  /** The prompt the learner sees (text, image or nothing); prompt audio is played by the flow. */
  Prompt: ComponentType<{ content: ContentOf<C> }>;
  /** The recording the flow plays before the preparation, if the item has one. */
  promptAudio: (content: ContentOf<C>) => PromptAudioRef | null;
  /** Preparation, tone, answer time and silence cut-off for this item. */
  flowConfig: (content: ContentOf<C>) => FlowConfig;
}

export type ItemType<C extends ItemTypeCode = ItemTypeCode> = C extends WrittenTypeCode
  ? WrittenItemType<C>
  : C extends SpeakingTypeCode
    ? SpeakingItemType<C>
    : never;
