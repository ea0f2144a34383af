/**
 * Typed answers as the scorers read them (issue 17), the same on the client and the server:
 * Unicode NFC; apostrophe look-alikes (ʼ ` ´ ′ ‘ ’) as "'", hyphen look-alikes (‐ ‑ ‒ – —) as "-";
 * zero-width characters removed; and punctuation typed with a Chinese input method (，。；：！？
 * “” 、 and the full-width space) read as its English counterpart followed by a space, so "a，b"
 * is two words and an essay written with "，。" has punctuation. Every character of the result
 * knows which characters of the learner's text it came from, so findings point at what they typed.
 */

const ZERO_WIDTH = /^[\u200B-\u200D\u2060\uFEFF\u00AD]$/u;
const APOSTROPHES = /^[ʼ`´′‘’]$/u;
const HYPHENS = /^[‐‑‒–—]$/u;
const CHINESE_PUNCTUATION: Record<string, string> = {
  '，': ',',
  '。': '.',
  '；': ';',
  '：': ':',
  '！': '!',
  '？': '?',
  '、': ',',
  '（': '(',
  '）': ')',
};
const CHINESE_QUOTES: Record<string, string> = { '“': '"', '”': '"' };

export interface NormalizedText {
  text: string;
  /** Chinese punctuation was typed (the page says it was read as English punctuation). */
  chinesePunctuation: boolean;
  /** The learner's characters [start, end) that the normalised span [start, end) came from. */
  toOriginal(start: number, end: number): [number, number];
}

export function normalizeTypedText(original: string): NormalizedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let chinesePunctuation = false;
  // One base character with its combining marks at a time, so NFC and the offsets stay exact.
  for (const match of original.matchAll(/\P{M}\p{M}*|\p{M}+/gsu)) {
    const start = match.index;
    const cluster = match[0];
    const end = start + cluster.length;
    let out: string;
    if (ZERO_WIDTH.test(cluster)) out = '';
    else if (APOSTROPHES.test(cluster)) out = "'";
    else if (HYPHENS.test(cluster)) out = '-';
    else if (cluster === '\u3000') out = ' ';
    else if (cluster in CHINESE_QUOTES) out = CHINESE_QUOTES[cluster]!;
    else if (cluster in CHINESE_PUNCTUATION) {
      chinesePunctuation = true;
      const next = original[end];
      // A closing mark takes a space after it unless one follows already.
      out =
        CHINESE_PUNCTUATION[cluster]! +
        (next === undefined || /\s/u.test(next) || cluster === '（' ? '' : ' ');
    } else out = cluster.normalize('NFC');
    for (let index = 0; index < out.length; index += 1) {
      starts.push(start);
      ends.push(end);
    }
    text += out;
  }
  return {
    text,
    chinesePunctuation,
    toOriginal(from, to) {
      if (text.length === 0) return [0, original.length];
      const first = Math.min(Math.max(from, 0), text.length - 1);
      const last = Math.min(Math.max(to - 1, first), text.length - 1);
      return [starts[first]!, ends[last]!];
    },
  };
}

/** The hint shown when Chinese punctuation was read as English. */
export const CHINESE_PUNCTUATION_HINT_ZH =
  '检测到中文标点（如 ，。），已按英文标点评分；考试中请切换到英文输入法。';
