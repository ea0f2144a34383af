/**
 * Reduced-vowel pronunciations of a reading's words (issue 15): fluent speakers, and festival's
 * voices on the development set, say the unstressed vowels of "many", "working", "advertising"
 * as a schwa, which no dictionary entry has, so a correct word's worst phone fits the free
 * phones badly. The reading grammar offers each word's variants beside it (decode.ts), under
 * names of their own so no other search sees them. Open answers' keywords get variants of their
 * own (keywordVariants: non-rhotic first, then reduced), named apart again.
 */

const VOWELS = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

/** Vowels a reduced syllable turns into a schwa; diphthongs and ER are left as they are. */
const REDUCIBLE = new Set(['AA', 'AE', 'AO', 'EH', 'IH', 'IY', 'UH', 'UW']);

/** One-vowel function words usually said weak; the dictionary lacks their schwa form. */
const WEAK_FUNCTION_WORDS = new Set(['an', 'as', 'at', 'in', 'is', 'it', 'its', 'on', 'that']);

/** At most this many variants a word: each costs the search a parallel arc. */
export const MAX_REDUCED_VARIANTS = 4;

/** The name a variant of `word` gets in the dictionary, and the word it names back. */
export const variantName = (word: string, index: number) => `${word}__r${index}`;
export const baseWord = (name: string) => name.replace(/__(r\d+|k\d+|c_[a-z]+)$/, '');
/** The name a keyword's spoken variant gets (keywordVariants), apart from a reading's. */
export const keywordVariantName = (word: string, index: number) => `${word}__k${index}`;
export const isKeywordVariantName = (name: string) => /__k\d+$/.test(name);

/**
 * Pronunciations of `word` (its dictionary phones) with one reducible vowel said as AH: for
 * words of two or more vowels each such vowel in turn, for a few weak function words their one
 * vowel. Variants the word already has are not repeated.
 */
export function reducedVariants(
  word: string,
  phones: readonly string[],
  existing: readonly (readonly string[])[] = [phones],
): string[][] {
  const vowelAt = phones.flatMap((phone, i) => (VOWELS.has(phone) ? [i] : []));
  if (vowelAt.length < 2 && !WEAK_FUNCTION_WORDS.has(word.toLowerCase())) return [];
  const seen = new Set(existing.map((pron) => pron.join(' ')));
  const out: string[][] = [];
  for (const at of vowelAt) {
    if (out.length >= MAX_REDUCED_VARIANTS) break;
    if (!REDUCIBLE.has(phones[at] ?? '')) continue;
    const variant = phones.map((phone, i) => (i === at ? 'AH' : phone));
    const key = variant.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(variant);
  }
  return out;
}

/**
 * The word as a non-rhotic speaker says it (British, Australian, Caribbean English and many
 * learners): no R after a vowel unless a vowel follows, and ER as a schwa. Null when the word has
 * no such R.
 */
export function nonRhoticVariant(phones: readonly string[]): string[] | null {
  let changed = false;
  const out: string[] = [];
  phones.forEach((phone, i) => {
    if (phone === 'ER') {
      changed = true;
      out.push('AH');
      return;
    }
    const before = phones[i - 1];
    const after = phones[i + 1];
    if (phone === 'R' && before && VOWELS.has(before) && !(after && VOWELS.has(after))) {
      changed = true;
      return;
    }
    out.push(phone);
  });
  return changed ? out : null;
}

/** At most this many spoken variants a keyword gets: each is a parallel arc in every frame. */
export const MAX_KEYWORD_VARIANTS = 3;

/**
 * A keyword's pronunciations beyond the dictionary's (issue 15, open answers on voices other than
 * US English): its non-rhotic form first, then its reduced-vowel forms.
 */
export function keywordVariants(
  word: string,
  phones: readonly string[],
  existing: readonly (readonly string[])[] = [phones],
): string[][] {
  const seen = new Set(existing.map((pron) => pron.join(' ')));
  const out: string[][] = [];
  const offer = (variant: readonly string[] | null) => {
    if (!variant || out.length >= MAX_KEYWORD_VARIANTS) return;
    const key = variant.join(' ');
    if (seen.has(key)) return;
    seen.add(key);
    out.push([...variant]);
  };
  offer(nonRhoticVariant(phones));
  for (const variant of reducedVariants(word, phones, existing)) offer(variant);
  return out;
}
