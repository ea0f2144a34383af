import type { DictionaryEntry, PartOfSpeech } from '@ninety/contract';
import { arpabetToIpa, ecdictPhoneticToIpa } from './arpabet';
import { loadEcdict, type Ecdict, type EcdictRow } from './ecdict';
import { lemmaCandidates } from './lemma';

/** A look-up result before the learner's own fields (whether it is in their word book). */
export type DictionaryResult = Omit<DictionaryEntry, 'isSaved'>;

export interface EnglishDictionary {
  lookUp(word: string): DictionaryResult | null;
}

/** ECDICT's exchange codes (`p:ran/d:run/i:running/3:runs`) in the card's words. */
const INFLECTION_NAMES: Record<string, string> = {
  p: '过去式',
  d: '过去分词',
  i: '现在分词',
  '3': '第三人称单数',
  r: '比较级',
  t: '最高级',
  s: '复数',
};

const TAG_NAMES: Record<string, string> = {
  zk: '中考',
  gk: '高考',
  cet4: '四级',
  cet6: '六级',
  ky: '考研',
  toefl: '托福',
  ielts: '雅思',
  gre: 'GRE',
};

/** WordNet's part-of-speech letters as ECDICT writes them before each definition. */
const POS_LETTERS: Record<string, PartOfSpeech> = {
  n: 'noun',
  v: 'verb',
  a: 'adjective',
  s: 'adjective',
  j: 'adjective',
  r: 'adverb',
};

/** A translation line that only says which form of another word this is ("run的过去式"). */
const INFLECTION_NOTE = /的(过去式|过去分词|现在分词|复数|第三人称单数|比较级|最高级)/;

/** ECDICT keeps line breaks inside a field as the characters `\n` (sometimes `\r\n`). */
function lines(field: string): string[] {
  return field
    .split(/\\r\\n|\\n|\\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function glossesOf(row: EcdictRow): DictionaryResult['glosses'] {
  return lines(row.translation).map((line) => {
    const [, pos, text] = /^([a-z]+\.)\s*(.+)$/.exec(line) ?? [];
    return pos && text ? { pos, text } : { pos: null, text: line };
  });
}

export function definitionsOf(row: EcdictRow): DictionaryResult['definitions'] {
  const groups = new Map<PartOfSpeech, string[]>();
  for (const line of lines(row.definition)) {
    const [, letter = '', rest = ''] = /^([a-z])\.?\s+(.+)$/.exec(line) ?? [];
    const known = Object.hasOwn(POS_LETTERS, letter) ? POS_LETTERS[letter] : undefined;
    const pos = known ?? 'other';
    const sense = known ? rest : line;
    const senses = groups.get(pos) ?? [];
    if (!senses.includes(sense)) senses.push(sense);
    groups.set(pos, senses);
  }
  return [...groups].map(([pos, senses]) => ({ pos, senses }));
}

function exchangeOf(row: EcdictRow): Map<string, string> {
  const codes = new Map<string, string>();
  for (const part of row.exchange.split('/')) {
    const colon = part.indexOf(':');
    if (colon > 0) codes.set(part.slice(0, colon), part.slice(colon + 1));
  }
  return codes;
}

/** Whether a row means something of its own, not only "the past tense of …". */
function hasOwnMeaning(row: EcdictRow): boolean {
  return glossesOf(row).some((gloss) => !INFLECTION_NOTE.test(gloss.text));
}

export function buildDictionary(
  ecdict: Ecdict,
  pronunciations: Readonly<Record<string, string>>,
): EnglishDictionary {
  function entryOf(row: EcdictRow, query: string, lemmaRow?: EcdictRow): DictionaryResult {
    const headword = row.word;
    const key = headword.toLowerCase();
    const arpabet = Object.hasOwn(pronunciations, key) ? pronunciations[key] : undefined;
    let inflection: DictionaryResult['inflection'] = null;
    const base = lemmaRow ?? row;
    if (base.word.toLowerCase() !== query) {
      const kinds = [...exchangeOf(base)].flatMap(([code, form]) => {
        const name = Object.hasOwn(INFLECTION_NAMES, code) ? INFLECTION_NAMES[code] : undefined;
        return name && form.toLowerCase() === query ? [name] : [];
      });
      inflection = { form: query, of: base.word, kinds };
    }
    return {
      word: headword,
      query,
      inflection,
      phonetics: {
        uk: ecdictPhoneticToIpa(row.phonetic),
        us: arpabet ? arpabetToIpa(arpabet) : null,
      },
      glosses: glossesOf(row),
      definitions: definitionsOf(row),
      tags: row.tag.split(' ').flatMap((tag) => {
        const name = Object.hasOwn(TAG_NAMES, tag) ? TAG_NAMES[tag] : undefined;
        return name ? [name] : [];
      }),
    };
  }

  return {
    lookUp(word) {
      const query = word.toLowerCase().replace(/’/g, "'");
      const exact = ecdict.row(query);
      const lemmaFromExact = exact ? exchangeOf(exact).get('0') : undefined;
      if (exact && hasOwnMeaning(exact)) {
        // "building" is a word of its own and also a form of "build": show it, say both.
        const lemmaRow =
          lemmaFromExact && lemmaFromExact !== query ? ecdict.row(lemmaFromExact) : undefined;
        return entryOf(exact, query, lemmaRow);
      }
      const candidates = lemmaCandidates(query, (form) => ecdict.lemmaOf(form));
      if (lemmaFromExact) candidates.splice(1, 0, lemmaFromExact);
      for (const candidate of candidates) {
        if (candidate === query) continue;
        const row = ecdict.row(candidate);
        if (row && hasOwnMeaning(row)) return entryOf(row, query, row);
      }
      return exact ? entryOf(exact, query) : null;
    },
  };
}

export interface DictionaryLoadStats {
  milliseconds: number;
  headwords: number;
  /** Growth of the process's resident memory while loading, in MiB (a rough figure). */
  rssMiB: number;
}

/** Loads ECDICT and CMUdict: about half a second, so the server does it on the first look-up. */
export async function loadEnglishDictionary(): Promise<{
  dictionary: EnglishDictionary;
  stats: DictionaryLoadStats;
}> {
  const started = performance.now();
  const rssBefore = process.memoryUsage.rss();
  const [ecdict, cmu] = await Promise.all([loadEcdict(), import('cmu-pronouncing-dictionary')]);
  return {
    dictionary: buildDictionary(ecdict, cmu.dictionary),
    stats: {
      milliseconds: Math.round(performance.now() - started),
      headwords: ecdict.size,
      rssMiB: Math.round((process.memoryUsage.rss() - rssBefore) / 2 ** 20),
    },
  };
}

/**
 * The dictionary loaded once, on first use, shared by every request; a failed load is retried by
 * the next request instead of being cached.
 */
export function lazyDictionary(
  load: typeof loadEnglishDictionary = loadEnglishDictionary,
  onLoaded: (stats: DictionaryLoadStats) => void = () => {},
): () => Promise<EnglishDictionary> {
  let pending: Promise<EnglishDictionary> | undefined;
  return () => {
    pending ??= load().then(
      ({ dictionary, stats }) => {
        onLoaded(stats);
        return dictionary;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}
