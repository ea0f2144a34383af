import { PromptImage } from '../shared/prompt-image';
import { speakingType } from '../shared/speaking-type';

export const asq = speakingType('ASQ', {
  instruction:
    'You will hear a question. Please give a simple and short answer. Often just one or a few words is enough.',
  Prompt: ({ content }) => (content.image ? <PromptImage image={content.image} /> : null),
});
