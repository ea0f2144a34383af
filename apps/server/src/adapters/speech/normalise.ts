/**
 * From text as the bank writes it to words as the dictionary spells them: lower case, no
 * punctuation, simple numbers as words. The bank's import already refuses speaking items whose
 * words are not in the dictionary (content/pronunciation-dictionary.ts); words the engine still
 * cannot find are left out of the grammar rather than failing the recording.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function underHundred(n: number): string[] {
  if (n < 20) return [ONES[n] ?? ''];
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? [tens] : [tens, ONES[n % 10] ?? ''];
}

function underThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds > 0 ? [ONES[hundreds] ?? '', 'hundred'] : [];
  if (rest > 0 || hundreds === 0)
    words.push(...(hundreds > 0 ? ['and'] : []), ...underHundred(rest));
  return words;
}

/**
 * A whole number as it is usually read: 1100–1999 and 2010–2099 as years ("nineteen ninety"),
 * others as cardinals up to 999,999. Larger or unusual numbers are left as digits (and then
 * dropped as unknown words): there is no general text-to-speech normaliser offline.
 */
export function numberToWords(n: number): string[] | null {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return null;
  if ((n >= 1100 && n <= 1999) || (n >= 2010 && n <= 2099)) {
    const high = Math.floor(n / 100);
    const low = n % 100;
    return [
      ...underHundred(high),
      ...(low === 0 ? ['hundred'] : low < 10 ? ['oh', ...underHundred(low)] : underHundred(low)),
    ];
  }
  if (n < 1000) return underThousand(n);
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  return [
    ...underThousand(thousands),
    'thousand',
    ...(rest === 0 ? [] : rest < 100 ? ['and', ...underHundred(rest)] : underThousand(rest)),
  ];
}

/** The words of a text, normalised for the dictionary (no filtering against it yet). */
export function normaliseWords(text: string): string[] {
  const words: string[] = [];
  const spaced = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/(\d+(?:\.\d+)?)\s*%/g, '$1 percent')
    .replace(/&/g, ' and ');
  for (const token of spaced.split(/[^a-z0-9'.-]+/)) {
    for (const part of token.split(/-+|\.(?!\d)/)) {
      const word = part.replace(/^'+|'+$/g, '').replace(/\.$/, '');
      if (word === '') continue;
      if (/^\d+$/.test(word)) {
        const spoken = numberToWords(Number(word));
        words.push(...(spoken ?? [word]));
      } else if (/^\d+\.\d+$/.test(word)) {
        const [whole = '', fraction = ''] = word.split('.');
        const spoken = numberToWords(Number(whole));
        words.push(
          ...(spoken ?? [whole]),
          'point',
          ...[...fraction].map((d) => ONES[Number(d)] ?? d),
        );
      } else if (/^[a-z']+$/.test(word)) {
        words.push(word);
      }
    }
  }
  return words;
}
