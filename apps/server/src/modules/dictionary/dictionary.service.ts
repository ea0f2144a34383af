/**
 * The dictionary module's public API: the offline English dictionary (ECDICT and its word
 * forms). It is a lower layer: it knows nothing of learners; the word book (words module) uses it,
 * and serves the look-up card with the learner's own "saved" mark.
 */
import { ErrorCode } from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import type { DictionaryResult, EnglishDictionary } from './english-dictionary';

export { lazyDictionary } from './english-dictionary';
export type {
  DictionaryLoadStats,
  DictionaryResult,
  EnglishDictionary,
} from './english-dictionary';

export const NOT_IN_DICTIONARY = '词典中没有收录这个单词';

/** The entry of a word or one of its forms ("studies" finds "study"), or 40401. */
export function requireEntry(dictionary: EnglishDictionary, word: string): DictionaryResult {
  const entry = dictionary.lookUp(word);
  if (!entry) throw new AppError(ErrorCode.NotFound, NOT_IN_DICTIONARY);
  return entry;
}
