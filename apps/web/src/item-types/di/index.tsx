import { PromptImage } from '../shared/prompt-image';
import { speakingType } from '../shared/speaking-type';

export const di = speakingType('DI', {
  instruction:
    'Look at the graph below. In 25 seconds, please speak into the microphone and describe in detail what the graph is showing. You will have 40 seconds to give your response.',
  Prompt: ({ content }) => <PromptImage image={content.image} />,
});
