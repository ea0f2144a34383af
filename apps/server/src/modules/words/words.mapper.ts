import type { WordBookEntry } from '@ninety/contract';
import type { DictionaryResult } from '../dictionary/dictionary.service';
import type { WordRow } from './words.repository';

/** How many Chinese gloss lines the list shows: the card has the rest. */
const LIST_GLOSS_LINES = 2;

export function toWordBookEntry(row: WordRow, entry: DictionaryResult | null): WordBookEntry {
  const gloss = entry?.glosses
    .slice(0, LIST_GLOSS_LINES)
    .map((line) => (line.pos ? `${line.pos} ${line.text}` : line.text))
    .join('；');
  return {
    word: row.word,
    phonetic: entry ? (entry.phonetics.uk ?? entry.phonetics.us) : null,
    gloss: gloss || null,
    addedAt: row.createdAt.toISOString(),
  };
}
