import { choiceType } from '../shared/choice-type';

export const rmcs = choiceType('RMCS', {
  multiple: false,
  instruction:
    'Read the text and answer the multiple-choice question by selecting the correct response. Only one response is correct.',
});
