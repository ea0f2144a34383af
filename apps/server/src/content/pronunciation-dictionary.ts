import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The speech engine's pronunciation dictionary (CMUdict as shipped in soundswallower's en-us model):
 * a word the engine cannot find here can be neither aligned nor spotted, so the content import
 * refuses speaking items that need one.
 */
export function dictionaryPath(): string {
  const entry = require.resolve('soundswallower');
  return path.join(path.dirname(entry), 'model', 'en-us', 'dict.txt');
}

/** The dictionary's headwords, lower-case; alternates such as `read(2)` fold into `read`. */
export async function loadPronunciationWords(file = dictionaryPath()): Promise<Set<string>> {
  const words = new Set<string>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (line === '' || line.startsWith(';;')) continue;
    const space = line.indexOf(' ');
    const head = space === -1 ? line : line.slice(0, space);
    words.add(head.replace(/\(\d+\)$/, '').toLowerCase());
  }
  return words;
}
