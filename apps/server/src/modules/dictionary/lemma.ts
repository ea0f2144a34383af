/**
 * Base-form candidates of an inflected English word, most likely first: the word itself, then
 * irregular forms from a lemma list ("ran" → "run"), then WordNet's morphy detachment rules
 * ("studies" → "study", "boxes" → "box", "making" → "make"). The caller keeps the first candidate
 * its dictionary holds.
 */

/** WordNet morphy's suffix rules for nouns, verbs and adjectives, in its order. */
const DETACHMENTS: readonly (readonly [suffix: string, ending: string])[] = [
  // nouns
  ['s', ''],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  // verbs
  ['es', 'e'],
  ['es', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  // adjectives
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];

/** Doubled final consonants that inflection adds ("stopped" → "stop", "bigger" → "big"). */
const DOUBLED = /([bdgklmnprtvz])\1$/;

export function lemmaCandidates(
  word: string,
  irregularLemma: (word: string) => string | undefined = () => undefined,
): string[] {
  const lower = word.toLowerCase().replace(/’/g, "'");
  const candidates = [lower];
  const irregular = irregularLemma(lower);
  if (irregular) candidates.push(irregular);
  // A possessive ("government's") is its noun.
  if (lower.endsWith("'s")) candidates.push(lower.slice(0, -2));
  for (const [suffix, ending] of DETACHMENTS) {
    if (lower.length <= suffix.length + 1 || !lower.endsWith(suffix)) continue;
    const stem = lower.slice(0, -suffix.length);
    candidates.push(stem + ending);
    if (ending === '' && DOUBLED.test(stem)) candidates.push(stem.slice(0, -1));
  }
  return [...new Set(candidates)];
}
