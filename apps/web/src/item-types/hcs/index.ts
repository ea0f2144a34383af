import { choiceType } from '../shared/choice-type';
import { PromptAudio } from '../shared/prompt-audio';

export const hcs = choiceType('HCS', {
  Audio: PromptAudio,
  multiple: false,
  instruction:
    'You will hear a recording. Click on the paragraph that best relates to the recording.',
  fixedQuestion: 'Which paragraph best summarizes the recording?',
});
