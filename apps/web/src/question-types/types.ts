import type { AnswerOf, AttemptResult, ItemOf, WrittenTypeCode } from '@ninety/contract';
import type { ComponentType } from 'react';

/** What every type's renderer gets from the exercise page. */
export interface RendererProps<C extends WrittenTypeCode> {
  /** The item's content as the server sends it (media paths already URLs). */
  content: ItemOf<C>['content'];
  answer: AnswerOf<C>;
  onChange: (answer: AnswerOf<C>) => void;
  /** Set once scored: the renderer marks the answer and stops taking input. */
  result: AttemptResult | null;
}

export interface QuestionType<C extends WrittenTypeCode> {
  code: C;
  /** The instruction line of the real test, in English as the test shows it. */
  instruction: string;
  emptyAnswer: (content: ItemOf<C>['content']) => AnswerOf<C>;
  /** Whether the learner has put anything in (the submit button asks before sending nothing). */
  isAnswered: (answer: AnswerOf<C>) => boolean;
  Renderer: ComponentType<RendererProps<C>>;
}
