import { choiceType } from '../shared/choice-type';

export const lmcs = choiceType('LMCS', {
  multiple: false,
  instruction:
    'Listen to the recording and answer the multiple-choice question by selecting the correct response. Only one response is correct.',
});
