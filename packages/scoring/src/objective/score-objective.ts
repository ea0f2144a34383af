import {
  BlanksAnswerSchema,
  ChoiceAnswerSchema,
  CURRENT_SCORING_PROFILE,
  HighlightAnswerSchema,
  OrderAnswerSchema,
  TextAnswerSchema,
  type ItemOf,
  type ObjectiveResult as ContractObjectiveResult,
  WRITTEN_TYPE_CODES,
  type WrittenTypeCode,
} from '@ninety/contract';
import { scoreChosenBlanks, scoreTypedBlanks } from './blanks';
import { scoreMultipleChoice, scoreSingleChoice } from './choices';
import { scoreDictation } from './dictation';
import { scoreHighlights } from './highlights';
import { scoreReorder } from './reorder';

/** The written types scored by right answers alone (no traits). */
export type ObjectiveTypeCode = Exclude<WrittenTypeCode, 'SWT' | 'WE' | 'SST'>;
/** The written types whose scoring profile scores right answers rather than traits. */
export const OBJECTIVE_TYPE_CODES = WRITTEN_TYPE_CODES.filter(
  (code): code is ObjectiveTypeCode => CURRENT_SCORING_PROFILE.types[code]?.rule !== 'traits',
);

/** The contract's result shape, what the server stores and sends; each `return` below is checked against it. */
export type ObjectiveResult = ContractObjectiveResult;

export type ObjectiveItem = ItemOf<ObjectiveTypeCode>;

/**
 * Scores an answer to an objective item. The answer is parsed with its type's schema here too, so
 * a shape the caller forgot to check throws instead of scoring nonsense; the fit to the item
 * (`answerProblems`) is the caller's to check first.
 */
export function scoreObjective(item: ObjectiveItem, answer: unknown): ObjectiveResult {
  switch (item.type) {
    case 'RWFIB':
    case 'RFIB':
      return {
        kind: 'blanks',
        ...scoreChosenBlanks(item.key.answers, BlanksAnswerSchema.parse(answer).blanks),
      };
    case 'LFIB':
      return {
        kind: 'blanks',
        ...scoreTypedBlanks(item.key.answers, BlanksAnswerSchema.parse(answer).blanks),
      };
    case 'RMCM':
    case 'LMCM':
      return {
        kind: 'choices',
        ...scoreMultipleChoice(item.key.correct, ChoiceAnswerSchema.parse(answer).chosen),
      };
    case 'RMCS':
    case 'HCS':
    case 'LMCS':
    case 'SMW':
      return {
        kind: 'choices',
        ...scoreSingleChoice(item.key.correct, ChoiceAnswerSchema.parse(answer).chosen),
      };
    case 'RO':
      return {
        kind: 'reorder',
        ...scoreReorder(item.key.order, OrderAnswerSchema.parse(answer).order),
      };
    case 'HIW':
      return {
        kind: 'highlights',
        ...scoreHighlights(
          item.key.changes.map((change) => change.index),
          HighlightAnswerSchema.parse(answer).words,
        ),
      };
    case 'WFD':
      return {
        kind: 'dictation',
        ...scoreDictation(item.key, TextAnswerSchema.parse(answer).text),
      };
  }
}

export function isObjectiveItem(item: { type: string }): item is ObjectiveItem {
  return (OBJECTIVE_TYPE_CODES as readonly string[]).includes(item.type);
}

/** The answer that earns full marks: the key in the answer's shape (tests, "show answer"). */
export function keyAnswerOf(item: ObjectiveItem): unknown {
  switch (item.type) {
    case 'RWFIB':
    case 'RFIB':
    case 'LFIB':
      return {
        blanks: [...item.key.answers]
          .sort((a, b) => a.blank - b.blank)
          .map((entry) => entry.answer),
      };
    case 'RMCM':
    case 'LMCM':
    case 'RMCS':
    case 'HCS':
    case 'LMCS':
    case 'SMW':
      return { chosen: [...item.key.correct] };
    case 'RO':
      return { order: [...item.key.order] };
    case 'HIW':
      return { words: item.key.changes.map((change) => change.index) };
    case 'WFD':
      return { text: item.key.sentence };
  }
}
