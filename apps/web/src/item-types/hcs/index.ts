import { choiceType } from '../shared/choice-type';

export const hcs = choiceType('HCS', {
  multiple: false,
  instruction:
    'You will hear a recording. Click on the paragraph that best relates to the recording.',
  fixedQuestion: 'Which paragraph best summarizes the recording?',
});
