import { choiceType } from '../shared/choice-type';
import { PromptAudio } from '../shared/prompt-audio';

export const lmcm = choiceType('LMCM', {
  Audio: PromptAudio,
  multiple: true,
  instruction:
    'Listen to the recording and answer the question by selecting all the correct responses. You will need to select more than one response.',
});
