import {
  type AddWordBody,
  type DictionaryEntry,
  type RemoveWordBody,
  type WordBookChange,
  type WordBookList,
  type WordBookQuery,
} from '@ninety/contract';
import type { Db } from '../../db/client';
import { requireEntry, type EnglishDictionary } from '../dictionary/dictionary.service';
import { toWordBookEntry } from './words.mapper';
import { deleteWords, hasWord, insertWord, listWords, wordsAfter } from './words.repository';

export interface WordsDeps {
  db: Db;
  /** Loads on first use (about a second); see dictionary/english-dictionary.ts. */
  dictionary: () => Promise<EnglishDictionary>;
}

/** One word's card: dictionary entry, plus whether it is in the signed-in learner's word book. */
export async function lookUpWord(
  deps: WordsDeps,
  userId: number | null,
  word: string,
): Promise<DictionaryEntry> {
  const entry = requireEntry(await deps.dictionary(), word);
  const isSaved = userId === null ? null : await hasWord(deps.db, userId, entry.word.toLowerCase());
  return { ...entry, isSaved };
}

/**
 * Saves the headword the look-up card shows ("studies" is saved as "study"), so one word is one
 * entry whichever form the learner clicked.
 */
export async function addWord(
  deps: WordsDeps,
  userId: number,
  body: AddWordBody,
): Promise<WordBookChange> {
  const entry = requireEntry(await deps.dictionary(), body.word);
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

/** One page of the learner's words in alphabetical order, after `afterWord` ('' first): the export. */
export async function savedWordsPage(
  deps: { db: Db },
  userId: number,
  afterWord: string,
  limit: number,
) {
  return wordsAfter(deps.db, userId, afterWord, limit);
}
