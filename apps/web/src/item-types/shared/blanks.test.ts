import { describe, expect, it } from 'vitest';
import { passagePieces } from './blanks';

/** Spec §3: a fill-in-blank item is pieces of type word, symbol, special_word and blank. */
describe('fill-in-blank pieces', () => {
  it("cuts a {{n}} passage into the spec's piece types, keeping every character", () => {
    const passage = "Bees don't sleep {{1}} the U.S. winter, at -3 °C or {{2}}.";
    const pieces = passagePieces(passage);
    expect(
      pieces.map((piece) => [piece.type, piece.kind === 'blank' ? piece.blank : piece.text]),
    ).toEqual([
      ['word', 'Bees'],
      ['symbol', ' '],
      ['special_word', "don't"],
      ['symbol', ' '],
      ['word', 'sleep'],
      ['symbol', ' '],
      ['blank', 1],
      ['symbol', ' '],
      ['word', 'the'],
      ['symbol', ' '],
      ['special_word', 'U.S'],
      ['symbol', '. '],
      ['word', 'winter'],
      ['symbol', ', '],
      ['word', 'at'],
      ['symbol', ' -'],
      ['special_word', '3'],
      ['symbol', ' °'],
      ['word', 'C'],
      ['symbol', ' '],
      ['word', 'or'],
      ['symbol', ' '],
      ['blank', 2],
      ['symbol', '.'],
    ]);
    const text = pieces.map((piece) =>
      piece.kind === 'blank' ? `{{${piece.blank}}}` : piece.text,
    );
    expect(text.join('')).toBe(passage);
  });

  it('a passage that starts or ends with a blank has no empty pieces', () => {
    expect(passagePieces('{{1}} and {{2}}')).toEqual([
      { kind: 'blank', type: 'blank', blank: 1 },
      { kind: 'text', type: 'symbol', text: ' ' },
      { kind: 'text', type: 'word', text: 'and' },
      { kind: 'text', type: 'symbol', text: ' ' },
      { kind: 'blank', type: 'blank', blank: 2 },
    ]);
  });
});
