import type { ItemOf, ItemTypeCode, WrittenTypeCode } from '@ninety/contract';
import type { ComponentType } from 'react';

export type SpeakingTypeCode = Exclude<ItemTypeCode, WrittenTypeCode>;

/**
 * One speaking type on the exercise page. Unlike a written type there is no answer to edit: the
 * shared speaking flow (prompt audio, countdown, tone, recording) is the same for all eight, so a
 * type only says what the test says and shows its own prompt (text, image or nothing).
 */
export interface SpeakingType<C extends SpeakingTypeCode> {
  code: C;
  /** The instruction line of the real test, in English as the test shows it. */
  instruction: string;
  /** The prompt the learner sees; prompt audio is played by the flow itself. */
  Prompt: ComponentType<{ content: ItemOf<C>['content'] }>;
}
