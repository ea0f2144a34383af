/**
 * ARPAbet (the CMUdict phone set the acoustic model uses, speech-engine.md §1.1) to IPA, for the
 * phonemes shown under a word. The model's phones carry no stress, so AH is shown as /ʌ/ and ER
 * as /ɝ/ whether stressed or not; American values, as the model was trained on US speech.
 */
export const ARPABET_TO_IPA: Readonly<Record<string, string>> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  IH: 'ɪ',
  IY: 'i',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  OW: 'oʊ',
  OY: 'ɔɪ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  UH: 'ʊ',
  UW: 'u',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** The IPA of an ARPAbet phone; stress digits are ignored, an unknown phone is shown as named. */
export function arpabetToIpa(phone: string): string {
  const bare = phone.toUpperCase().replace(/[0-2]$/, '');
  return ARPABET_TO_IPA[bare] ?? phone.toLowerCase();
}
