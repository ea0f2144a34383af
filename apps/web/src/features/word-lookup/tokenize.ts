import { isLookupWord } from '@ninety/contract';

/** One piece of a reading text: a word (clickable when spec §5 allows) or the text between. */
export type TextPiece =
  { kind: 'word'; text: string; word: string; index: number } | { kind: 'text'; text: string };

/** Punctuation around a word that is not part of it: "(word," → "word". */
const LEADING = /^[^\p{L}\p{N}]+/u;
const TRAILING = /[^\p{L}\p{N}]+$/u;

/**
 * Splits a text at whitespace; each chunk's core (without surrounding punctuation) is a word when
 * it starts with a letter or digit (spec §5). Words are numbered in order, which is what the
 * one-sentence range counts.
 */
export function tokenize(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let index = 0;
  for (const chunk of text.split(/(\s+)/)) {
    if (chunk === '') continue;
    const lead = LEADING.exec(chunk)?.[0] ?? '';
    const rest = chunk.slice(lead.length);
    const trail = TRAILING.exec(rest)?.[0] ?? '';
    const core = rest.slice(0, rest.length - trail.length);
    if (core !== '' && isLookupWord(core)) {
      if (lead) pieces.push({ kind: 'text', text: lead });
      pieces.push({ kind: 'word', text: core, word: core, index });
      index += 1;
      if (trail) pieces.push({ kind: 'text', text: trail });
    } else {
      pieces.push({ kind: 'text', text: chunk });
    }
  }
  return pieces;
}
