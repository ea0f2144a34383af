/**
 * CMUdict's ARPAbet (the speech engine's pronunciation dictionary) written as General American IPA,
 * so the look-up card can show a US pronunciation beside ECDICT's British one. The phone table is
 * the speaking scorer's (@ninety/scoring), so a word reads the same on the card and in a result.
 */
import { ARPABET_CONSONANTS, ARPABET_VOWELS } from '@ninety/scoring';

/**
 * Consonant clusters English allows at the start of a syllable. A stress mark goes before the
 * syllable, so it moves back over the longest of these before the stressed vowel ("extra" →
 * ɛkˈstrə, not ɛˈkstrə).
 */
const ONSETS = new Set([
  'P R',
  'P L',
  'B R',
  'B L',
  'T R',
  'D R',
  'K R',
  'K L',
  'G R',
  'G L',
  'F R',
  'F L',
  'TH R',
  'SH R',
  'S P',
  'S T',
  'S K',
  'S M',
  'S N',
  'S L',
  'S W',
  'S F',
  'T W',
  'D W',
  'K W',
  'G W',
  'TH W',
  'P Y',
  'B Y',
  'K Y',
  'F Y',
  'M Y',
  'V Y',
  'HH Y',
  'S P R',
  'S P L',
  'S T R',
  'S K R',
  'S K W',
  'S K L',
  'S P Y',
  'S K Y',
]);

function isVowel(phone: string | undefined): boolean {
  return phone !== undefined && /\d$/.test(phone);
}

/** `S T AH1 D IY0` → `ˈstʌdi`; null when a phone is not ARPAbet. */
export function arpabetToIpa(pronunciation: string): string | null {
  const phones = pronunciation.trim().split(/\s+/);
  const marks = new Map<number, string>();
  for (const [index, phone] of phones.entries()) {
    const stress = isVowel(phone) ? phone.at(-1) : undefined;
    if (stress !== '1' && stress !== '2') continue;
    // The syllable starts at the longest legal onset among the consonants before the vowel.
    let first = index;
    while (first > 0 && !isVowel(phones[first - 1])) first -= 1;
    let start = index;
    if (first === 0) {
      start = 0;
    } else {
      for (let candidate = first; candidate < index; candidate += 1) {
        const cluster = phones.slice(candidate, index);
        if (cluster.length === 1 || ONSETS.has(cluster.join(' '))) {
          start = candidate;
          break;
        }
      }
    }
    marks.set(start, stress === '1' ? 'ˈ' : 'ˌ');
  }
  const vowelCount = phones.filter(isVowel).length;
  let ipa = '';
  for (const [index, phone] of phones.entries()) {
    const mark = marks.get(index);
    // A one-syllable word's stress says nothing, so dictionaries leave the mark out.
    if (mark && vowelCount > 1) ipa += mark;
    if (isVowel(phone)) {
      const vowel = ARPABET_VOWELS[phone.slice(0, -1)];
      if (!vowel) return null;
      ipa += phone.endsWith('0') ? vowel[1] : vowel[0];
    } else {
      const consonant = ARPABET_CONSONANTS[phone];
      if (consonant === undefined) return null;
      ipa += consonant;
    }
  }
  return ipa;
}

/**
 * ECDICT's phonetic field uses ASCII stand-ins (`'` primary stress, `,` secondary, `:` length);
 * the card shows proper IPA marks (and IPA ə where ECDICT writes the Cyrillic ә).
 */
export function ecdictPhoneticToIpa(phonetic: string): string | null {
  const text = phonetic.trim();
  if (text === '') return null;
  return text
    .replace(/'/g, 'ˈ')
    .replace(/,/g, 'ˌ')
    .replace(/:/g, 'ː')
    .replace(/g/g, 'ɡ')
    .replace(/ә/g, 'ə');
}
