import { ErrorCode, type DictionaryEntry } from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import { hasWord } from '../words/words.repository';
import { NOT_IN_DICTIONARY, type WordsDeps } from '../words/words.service';

/** One word's card: dictionary entry, plus whether it is in the signed-in learner's word book. */
export async function lookUpWord(
  deps: WordsDeps,
  userId: number | null,
  word: string,
): Promise<DictionaryEntry> {
  const entry = (await deps.dictionary()).lookUp(word);
  if (!entry) throw new AppError(ErrorCode.NotFound, NOT_IN_DICTIONARY);
  const isSaved = userId === null ? null : await hasWord(deps.db, userId, entry.word.toLowerCase());
  return { ...entry, isSaved };
}
