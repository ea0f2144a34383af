import { choiceType } from '../shared/choice-type';
import { PromptAudio } from '../shared/prompt-audio';

export const lmcs = choiceType('LMCS', {
  Audio: PromptAudio,
  multiple: false,
  instruction:
    'Listen to the recording and answer the multiple-choice question by selecting the correct response. Only one response is correct.',
});
