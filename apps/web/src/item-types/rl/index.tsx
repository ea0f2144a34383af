import { PromptImage } from '../shared/prompt-image';
import { speakingType } from '../shared/speaking-type';

export const rl = speakingType('RL', {
  instruction:
    'You will hear a lecture. After listening to the lecture, in 10 seconds, please speak into the microphone and retell what you have just heard from the lecture in your own words. You will have 40 seconds to give your response.',
  Prompt: ({ content }) => (content.image ? <PromptImage image={content.image} /> : null),
});
