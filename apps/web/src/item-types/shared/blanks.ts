/** A passage with `{{n}}` blank markers as text pieces and blank numbers, in order. */
export type PassagePiece = { kind: 'text'; text: string } | { kind: 'blank'; blank: number };

export function passagePieces(passage: string): PassagePiece[] {
  return passage
    .split(/\{\{(\d+)\}\}/)
    .map((part, index): PassagePiece =>
      index % 2 === 1 ? { kind: 'blank', blank: Number(part) } : { kind: 'text', text: part },
    )
    .filter((piece) => piece.kind === 'blank' || piece.text !== '');
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
