import { speakingType } from '../shared/speaking-type';

export const rs = speakingType('RS', {
  instruction:
    'You will hear a sentence. Please repeat the sentence exactly as you hear it. You will hear the sentence only once.',
  // The sentence is only heard: the flow plays it.
  Prompt: () => null,
});
