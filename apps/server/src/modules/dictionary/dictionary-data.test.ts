import { describe, expect, it } from 'vitest';
import { arpabetToIpa, ecdictPhoneticToIpa } from './arpabet';
import { parseCsvLine } from './csv-line';
import { lemmaCandidates } from './lemma';

describe('arpabetToIpa', () => {
  it.each([
    ['S T AH1 D IY0', 'ˈstʌdi'],
    ['R AH0 K AO1 R D', 'rəˈkɔrd'],
    ['EH1 K S T R AH0', 'ˈɛkstrə'],
    ['IH0 K S T R IY1 M', 'ɪkˈstrim'],
    ['K AE1 T', 'kæt'],
    ['G AH1 V ER0 M AH0 N T', 'ˈɡʌvɚmənt'],
    ['K AA2 N V ER0 S EY1 SH AH0 N', 'ˌkɑnvɚˈseɪʃən'],
    ['B ER1 D', 'bɝd'],
  ])('%s → %s', (arpabet, ipa) => {
    expect(arpabetToIpa(arpabet)).toBe(ipa);
  });

  it('refuses what is not ARPAbet', () => {
    expect(arpabetToIpa('S T QQ1')).toBeNull();
  });
});

describe('ecdictPhoneticToIpa', () => {
  it('turns ASCII stand-ins and the Cyrillic schwa into IPA', () => {
    expect(ecdictPhoneticToIpa("ˌæ'ri:nә")).toBe('ˌæˈriːnə');
    expect(ecdictPhoneticToIpa(",skrɑ:vən'hɑ:ɡə")).toBe('ˌskrɑːvənˈhɑːɡə');
    expect(ecdictPhoneticToIpa('')).toBeNull();
  });
});

describe('parseCsvLine', () => {
  it('splits quoted fields with commas and doubled quotes', () => {
    expect(parseCsvLine('a,"b, c","say ""hi""",,e\r')).toEqual(['a', 'b, c', 'say "hi"', '', 'e']);
  });
});

describe('lemmaCandidates', () => {
  const irregular = (word: string) => ({ ran: 'run', children: 'child' })[word];
  it.each([
    ['studies', 'study'],
    ['boxes', 'box'],
    ['churches', 'church'],
    ['women', 'woman'],
    ['making', 'make'],
    ['walked', 'walk'],
    ['stopped', 'stop'],
    ['bigger', 'big'],
    ['ran', 'run'],
    ['children', 'child'],
    ["government's", 'government'],
    ['Governments', 'government'],
  ])('%s → includes %s', (word, lemma) => {
    expect(lemmaCandidates(word, irregular)).toContain(lemma);
  });

  it('puts the word itself first and lists each candidate once', () => {
    const candidates = lemmaCandidates('uses');
    expect(candidates[0]).toBe('uses');
    expect(new Set(candidates).size).toBe(candidates.length);
  });

  it('does not strip a suffix that is the whole word', () => {
    expect(lemmaCandidates('is')).toEqual(['is']);
  });
});
