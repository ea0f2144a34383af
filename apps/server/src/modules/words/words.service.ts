import {
  ErrorCode,
  type AddWordBody,
  type RemoveWordBody,
  type WordBookChange,
  type WordBookList,
  type WordBookQuery,
} from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EnglishDictionary } from '../dictionary/english-dictionary';
import { toWordBookEntry } from './words.mapper';
import { deleteWords, insertWord, listWords } from './words.repository';

export interface WordsDeps {
  db: Db;
  /** Loads on first use (about a second); see dictionary/english-dictionary.ts. */
  dictionary: () => Promise<EnglishDictionary>;
}

export const NOT_IN_DICTIONARY = '词典中没有收录这个单词';

/**
 * Saves the headword the look-up card shows ("studies" is saved as "study"), so one word is one
 * entry whichever form the learner clicked.
 */
export async function addWord(
  deps: WordsDeps,
  userId: number,
  body: AddWordBody,
): Promise<WordBookChange> {
  const entry = (await deps.dictionary()).lookUp(body.word);
  if (!entry) throw new AppError(ErrorCode.NotFound, NOT_IN_DICTIONARY);
  const word = entry.word.toLowerCase();
  await insertWord(deps.db, userId, word);
  return { word, isSaved: true };
}

/** Takes out the word as sent and its headword; removing what is not saved is fine. */
export async function removeWord(
  deps: WordsDeps,
  userId: number,
  body: RemoveWordBody,
): Promise<WordBookChange> {
  const sent = body.word.toLowerCase();
  const headword = (await deps.dictionary()).lookUp(body.word)?.word.toLowerCase() ?? sent;
  await deleteWords(deps.db, userId, [...new Set([sent, headword])]);
  return { word: headword, isSaved: false };
}

export async function wordBook(
  deps: WordsDeps,
  userId: number,
  query: WordBookQuery,
): Promise<WordBookList> {
  const dictionary = await deps.dictionary();
  const { rows, total } = await listWords(deps.db, userId, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    list: rows.map((row) => toWordBookEntry(row, dictionary.lookUp(row.word))),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}
