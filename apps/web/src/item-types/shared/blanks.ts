/**
 * A fill-in-blank passage cut into the spec's pieces (§3 "Fill-in-blank item": type word, symbol,
 * special_word or blank). The bank writes the passage with `{{n}}` markers and keeps the answers in
 * the key (ADR 0008, ADR 0018), so a piece has no `answer` here: the server scores the blanks.
 * `kind` is what a renderer needs (text to show, or the blank to draw); `type` is the spec's.
 */
export type PieceType = 'word' | 'symbol' | 'special_word' | 'blank';

export type PassagePiece =
  | { kind: 'text'; type: Exclude<PieceType, 'blank'>; text: string }
  | { kind: 'blank'; type: 'blank'; blank: number };

/** Letters only: a word. */
const WORD = /^\p{L}+$/u;
/** A token with letters or digits that is not a plain word: don't, well-being, U.S., 3rd, 1.5. */
const SPECIAL_WORD = /^[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*\.?$/u;
/** Words (with inner apostrophes, hyphens or dots) and the runs between them. */
const TOKENS = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*|[^\p{L}\p{N}]+/gu;

function typeOf(token: string): Exclude<PieceType, 'blank'> {
  if (WORD.test(token)) return 'word';
  if (SPECIAL_WORD.test(token)) return 'special_word';
  return 'symbol';
}

export function passagePieces(passage: string): PassagePiece[] {
  const pieces: PassagePiece[] = [];
  passage.split(/\{\{(\d+)\}\}/).forEach((part, index) => {
    if (index % 2 === 1) {
      pieces.push({ kind: 'blank', type: 'blank', blank: Number(part) });
      return;
    }
    for (const [token] of part.matchAll(TOKENS)) {
      pieces.push({ kind: 'text', type: typeOf(token), text: token });
    }
  });
  return pieces;
}

/** The verdict of blank `n` in a scored result, if there is one. */
export function blankVerdict(
  result: { kind: string; blanks?: { blank: number; correct: boolean; expected: string }[] } | null,
  blank: number,
) {
  return result?.kind === 'blanks'
    ? result.blanks?.find((entry) => entry.blank === blank)
    : undefined;
}
