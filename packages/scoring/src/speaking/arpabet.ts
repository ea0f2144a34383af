/**
 * ARPAbet (CMUdict's phone set: the acoustic model's phones, speech-engine.md §1.1, and the
 * dictionary's US pronunciations) to IPA. The one table for both: the phonemes shown under a word
 * of a speaking result, and the US pronunciation on the look-up card (server dictionary).
 * American values, as the model was trained on US speech and CMUdict is General American.
 */

/** Vowels as [stressed, unstressed]: CMUdict's AH0 and ER0 are the reduced ə and ɚ. */
export const ARPABET_VOWELS: Readonly<
  Record<string, readonly [stressed: string, unstressed: string]>
> = {
  AA: ['ɑ', 'ɑ'],
  AE: ['æ', 'æ'],
  AH: ['ʌ', 'ə'],
  AO: ['ɔ', 'ɔ'],
  AW: ['aʊ', 'aʊ'],
  AY: ['aɪ', 'aɪ'],
  EH: ['ɛ', 'ɛ'],
  ER: ['ɝ', 'ɚ'],
  EY: ['eɪ', 'eɪ'],
  IH: ['ɪ', 'ɪ'],
  IY: ['i', 'i'],
  OW: ['oʊ', 'oʊ'],
  OY: ['ɔɪ', 'ɔɪ'],
  UH: ['ʊ', 'ʊ'],
  UW: ['u', 'u'],
};

export const ARPABET_CONSONANTS: Readonly<Record<string, string>> = {
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  // The approximant as r, the broad phonemic convention, not the narrow ɹ: learners' dictionaries
  // (Cambridge, Oxford, Longman) print American pronunciations so, and so does ECDICT's British
  // one beside ours on the look-up card; English has no trilled r for it to be confused with.
  R: 'r',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/**
 * Each of the 39 phones without stress, as the model names them: its phones carry no stress, so
 * a vowel takes its stressed value (AH is shown as /ʌ/ and ER as /ɝ/ whether stressed or not).
 */
export const ARPABET_TO_IPA: Readonly<Record<string, string>> = {
  ...ARPABET_CONSONANTS,
  ...Object.fromEntries(
    Object.entries(ARPABET_VOWELS).map(([phone, [stressed]]) => [phone, stressed]),
  ),
};

/** The IPA of an ARPAbet phone; stress digits are ignored, an unknown phone is shown as named. */
export function arpabetToIpa(phone: string): string {
  const bare = phone.toUpperCase().replace(/[0-2]$/, '');
  return ARPABET_TO_IPA[bare] ?? phone.toLowerCase();
}
