import type { SpeakingItemType, SpeakingTypeCode } from '../types';
import { flowConfigOf } from './flow';
import { SpeechResultEvidence } from './speech-evidence';

/**
 * A speaking type from what differs between them (instruction line and on-screen prompt): the
 * prompt audio, the timing and the evidence view are read the same way for all eight.
 */
export function speakingType<C extends SpeakingTypeCode>(
  code: C,
  { instruction, Prompt }: Pick<SpeakingItemType<C>, 'instruction' | 'Prompt'>,
): SpeakingItemType<C> {
  return {
    code,
    kind: 'speaking',
    instruction,
    Prompt,
    promptAudio: (content) => {
      const audio = (content as Record<string, unknown>)['audio'];
      return typeof audio === 'object' && audio !== null
        ? (audio as { src: string; durationSeconds: number })
        : null;
    },
    flowConfig: (content) => flowConfigOf(code, content as Record<string, unknown>),
    Evidence: SpeechResultEvidence,
  };
}
