import { choiceType } from '../shared/choice-type';

export const rmcm = choiceType('RMCM', {
  multiple: true,
  instruction:
    'Read the text and answer the question by selecting all the correct responses. More than one response is correct.',
});
