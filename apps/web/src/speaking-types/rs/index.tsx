import type { SpeakingType } from '../types';

export const rs: SpeakingType<'RS'> = {
  code: 'RS',
  instruction:
    'You will hear a sentence. Please repeat the sentence exactly as you hear it. You will hear the sentence only once.',
  // The sentence is only heard: the flow plays it.
  Prompt: () => null,
};
