import { describe, expect, it } from 'vitest';
import { ARPABET_TO_IPA, arpabetToIpa } from './arpabet';

describe('ARPAbet → IPA (the 39 CMUdict phones of the model, speech-engine.md §1.1)', () => {
  it('covers all 39 phones', () => {
    expect(Object.keys(ARPABET_TO_IPA)).toHaveLength(39);
  });

  it.each([
    ['TH', 'θ'],
    ['DH', 'ð'],
    ['AE', 'æ'],
    ['NG', 'ŋ'],
    ['CH', 'tʃ'],
    ['R', 'r'],
    ['AH0', 'ʌ'],
    ['iy', 'i'],
  ])('%s → %s', (phone, ipa) => {
    expect(arpabetToIpa(phone)).toBe(ipa);
  });

  it('shows an unknown phone as it is named', () => {
    expect(arpabetToIpa('XX')).toBe('xx');
  });
});
