import { choiceType } from '../shared/choice-type';
import { PromptAudio } from '../shared/prompt-audio';

export const smw = choiceType('SMW', {
  Audio: PromptAudio,
  multiple: false,
  instruction:
    'You will hear a recording. At the end of the recording the last word or group of words has been replaced by a beep. Select the correct option to complete the recording.',
  fixedQuestion: 'Which option best completes the recording?',
});
