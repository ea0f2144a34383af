import { LocalLinter, type Lint } from 'harper.js';
import { binary } from 'harper.js/binary';
import nspell from 'nspell';
import { wordRank } from './word-ranks';
import {
  BRITISH_FORMS,
  CURRENT_WORDS,
  HYPHEN_PREFIXES,
  PROPER_NAMES,
  wordsOf,
} from './extra-words';
import { normalizeTypedText } from '@ninety/contract';
import {
  LEARNER_KIND_PREFIX,
  type LanguageCheck,
  type LanguageIssue,
  type Misspelling,
} from '../writing/language-check';
import { findLearnerErrors } from '../writing/learner-errors/rules';
import { createWinkTagger } from '../writing/learner-errors/wink-tagger';
import { tokenize } from '../writing/text-analysis';

/**
 * The offline language tools behind the writing traits (Node only; the browser never loads
 * them): Hunspell dictionaries for American, British and Australian English through `nspell`
 * (pte-rules §Spelling: all three spellings are accepted), and the Harper grammar checker,
 * a WebAssembly build that runs in process. Loading takes about a second and ~250 MB, once.
 */
export interface LanguageTools {
  /**
   * What is misspelt or ungrammatical in `text`. Words in `knownWords` (the item's own passage,
   * names and terms) count as spelled right even when no dictionary has them.
   */
  check(text: string, knownWords?: Iterable<string>): Promise<LanguageCheck>;
}

/** Suggestions are looked up for this many misspellings at most: each costs a dictionary scan. */
const MAX_SUGGESTED = 8;
const MAX_SUGGESTED_LENGTH = 20;

/** Words the three dictionaries lack but learners rightly write (extra-words.ts). */
const EXTRA_WORDS = [CURRENT_WORDS, PROPER_NAMES, BRITISH_FORMS].flatMap(wordsOf);

type Speller = ReturnType<typeof nspell>;

async function loadSpellers(): Promise<Speller[]> {
  const dictionaries = await Promise.all([
    import('dictionary-en'),
    import('dictionary-en-gb'),
    import('dictionary-en-au'),
  ]);
  // The dictionaries hand over Uint8Arrays; nspell reads them as Buffers (its types say so).
  return dictionaries.map(({ default: { aff, dic } }) =>
    nspell(
      Buffer.from(aff.buffer, aff.byteOffset, aff.byteLength),
      Buffer.from(dic.buffer, dic.byteOffset, dic.byteLength),
    ),
  );
}

function isWordKnown(spellers: readonly Speller[], known: ReadonlySet<string>, word: string) {
  const normal = word.replace(/’/g, "'").replace(/'$/, '');
  if (known.has(normal.toLowerCase())) return true;
  // Acronyms (GDP, UNESCO) and anything with a digit (CO2, 3D) are not spelling matters.
  if (/\d/.test(normal) || (/^\p{Lu}{2,6}s?$/u.test(normal) && normal.length <= 7)) return true;
  const parts = normal.split('-').filter((part) => part.length > 0);
  const knownPart = (part: string) => {
    const bare = part.replace(/'s$/i, '');
    // café, naïve, résumé, façade: the dictionaries have them without accents.
    const plain = bare.normalize('NFD').replace(/\p{M}/gu, '');
    return (
      known.has(bare.toLowerCase()) ||
      known.has(plain.toLowerCase()) ||
      spellers.some(
        (speller) => speller.correct(part) || speller.correct(bare) || speller.correct(plain),
      )
    );
  };
  // pre-existing, socio-economic, geo-political: a prefix is a part only before a hyphen.
  return parts.every(
    (part, index) =>
      (index < parts.length - 1 && parts.length > 1 && HYPHEN_PREFIXES.has(part.toLowerCase())) ||
      knownPart(part),
  );
}

function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, index) => [index]);
  for (let column = 1; column <= b.length; column += 1) rows[0]![column] = column;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

/**
 * Suggestions of the three dictionaries together, nearest first and, equally near, the more
 * common word first ("lerning" → learning, then leaning).
 */
function suggest(spellers: readonly Speller[], word: string): string[] {
  // American and British only: each dictionary's suggest() is a scan, and Australian adds little.
  const candidates = [...new Set(spellers.slice(0, 2).flatMap((speller) => speller.suggest(word)))];
  const lower = word.toLowerCase();
  return candidates
    .map((candidate, order) => ({
      candidate,
      order,
      distance: editDistance(lower, candidate.toLowerCase()),
      rank: wordRank(candidate) ?? Number.MAX_SAFE_INTEGER,
    }))
    .sort((a, b) => a.distance - b.distance || a.rank - b.rank || a.order - b.order)
    .map((each) => each.candidate)
    .slice(0, 3);
}

function toIssue(text: string, lint: Lint): LanguageIssue {
  const span = lint.span();
  const suggestion = lint.suggestions()[0]?.get_replacement_text();
  return {
    start: span.start,
    end: span.end,
    text: text.slice(span.start, span.end),
    kind: lint.lint_kind(),
    message: lint.message(),
    ...(suggestion ? { suggestion } : {}),
  };
}

export async function createLanguageTools(): Promise<LanguageTools> {
  const linter = new LocalLinter({ binary });
  const [spellers] = await Promise.all([loadSpellers(), linter.setup()]);
  // The part-of-speech tagger for the learner-error rules (issue 17): loaded once, beside Harper.
  const tagger = createWinkTagger();
  const extra = new Set(EXTRA_WORDS);

  return {
    async check(typed, knownWords = []) {
      // Checked as the scorers read it (look-alike characters, Chinese punctuation); findings
      // are moved back onto what the learner typed.
      const normal = normalizeTypedText(typed);
      const text = normal.text;
      const back = <T extends { start: number; end: number; text: string }>(finding: T): T => {
        const [start, end] = normal.toOriginal(finding.start, finding.end);
        return { ...finding, start, end, text: typed.slice(start, end) };
      };
      const known = new Set(extra);
      for (const word of knownWords) known.add(word.toLowerCase().replace(/’/g, "'"));
      const misspellings: Misspelling[] = tokenize(text)
        .filter((token) => !isWordKnown(spellers, known, token.text))
        .map((token, index) => ({
          start: token.start,
          end: token.end,
          text: token.text,
          // nspell's suggestions grow with the word's length and block the event loop: long
          // tokens (keyboard mashing) get none.
          suggestions:
            index < MAX_SUGGESTED && token.text.length <= MAX_SUGGESTED_LENGTH
              ? suggest(spellers, token.text)
              : [],
        }));
      // Plain text: Markdown parsing would read "1." lines or "*" as markup and hide them.
      const lints = await linter.lint(text, { language: 'plaintext' });
      const learner: LanguageIssue[] = findLearnerErrors(tagger.tag(text)).map((finding) => ({
        start: finding.start,
        end: finding.end,
        text: text.slice(finding.start, finding.end),
        kind: `${LEARNER_KIND_PREFIX}${finding.category}`,
        message: finding.messageZh,
        suggestion: finding.suggestion,
      }));
      // Where Harper and a learner rule mark the same words, the learner rule's Chinese
      // explanation is kept and the error counted once.
      const harper = lints
        .map((lint) => toIssue(text, lint))
        .filter((issue) => !learner.some((own) => own.start < issue.end && issue.start < own.end));
      return {
        // "informations" is one error (uncountable), not also a misspelling.
        misspellings: misspellings
          .filter((miss) => !learner.some((own) => own.start < miss.end && miss.start < own.end))
          .map(back),
        issues: [...harper, ...learner].sort((a, b) => a.start - b.start).map(back),
      };
    },
  };
}

let shared: Promise<LanguageTools> | undefined;

/** One set of tools per process: the dictionaries and the WebAssembly module load once. */
export function sharedLanguageTools(): Promise<LanguageTools> {
  shared ??= createLanguageTools().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
