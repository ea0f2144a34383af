import { describe, expect, it } from 'vitest';
import {
  MAX_SKIPPED_IN_A_ROW,
  PHONES,
  headFsg,
  headGrammar,
  keywordFsg,
  keywordGarbage,
  keywordGrammar,
  phoneLoopFsg,
  phoneLoopGrammar,
  prefixGrammar,
  readSpanOf,
  readingFsg,
  skippableGrammar,
  tailFsg,
  tailGrammar,
  type Fsg,
} from './grammar';

const body = (grammar: string) => /public <reading> = (.*) ;/.exec(grammar)?.[1];

describe('reading grammars', () => {
  it('a prefix reads from the first word up to any word', () => {
    expect(body(prefixGrammar(['a', 'b', 'c']))).toBe('a [ b [ c ] ]');
  });

  it('a head reads its fixed words, then the window up to any of its words', () => {
    expect(body(headGrammar(['a', 'b'], ['c', 'd', 'e']))).toBe('a b [ c [ d [ e ] ] ]');
    expect(body(headGrammar(['a', 'b'], []))).toBe('a b');
  });

  it('a tail reads the window from any of its words, then its fixed words', () => {
    expect(body(tailGrammar(['c', 'd', 'e'], ['f', 'g']))).toBe('[ [ [ c ] d ] e ] f g');
    expect(body(tailGrammar([], ['f', 'g']))).toBe('f g');
  });

  it('a tail cut off by the time limit may stop at any of its fixed words too', () => {
    expect(body(tailGrammar(['c', 'd'], ['f', 'g'], true))).toBe('[ [ c ] d ] f [ g ]');
  });

  it('a skippable reading has every word in order, each with a costly way round it', () => {
    expect(body(skippableGrammar(['a', 'b'], 0.001))).toBe(
      '( /0.999/ a | /0.001/ <NULL> ) ( /0.999/ b | /0.001/ <NULL> )',
    );
  });
});

describe('the free phone decode', () => {
  it('is a loop over every phone of the model', () => {
    const grammar = phoneLoopGrammar();
    expect(grammar).toContain('public <phones> = ( <g> )+ ;');
    for (const phone of PHONES) expect(grammar).toContain(`ph_${phone.toLowerCase()}`);
  });

  it("as an FSG reads any phone from the start and from the loop state, at the JSGF's probability", () => {
    const fsg = phoneLoopFsg();
    const from = (state: number) => fsg.arcs.filter((arc) => arc.from === state);
    expect([fsg.start, fsg.states]).toEqual([0, 2]);
    expect(fsg.arcs.every((arc) => arc.to === fsg.final && arc.word !== null)).toBe(true);
    for (const state of [0, fsg.final]) {
      expect(from(state).map((arc) => arc.word)).toEqual(
        PHONES.map((p) => `ph_${p.toLowerCase()}`),
      );
      // `( <g> )+` is `K = <G> | <G> <K>`: half for the loop's alternative, an equal share of <g>.
      for (const arc of from(state)) expect(arc.p).toBeCloseTo(0.5 / PHONES.length, 12);
    }
  });
});

describe('which words a half of a long reading read', () => {
  // Known words a…h; the window is c d e (2 to 5).
  const known = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const head = { side: 'head' as const, windowFrom: 2, windowTo: 5 };
  const tail = { side: 'tail' as const, windowFrom: 2, windowTo: 5 };

  it('a head read in full up to a window word ends after it', () => {
    expect(readSpanOf(['a', 'b', 'c', 'd'], known, head)).toEqual({ from: 0, to: 4 });
    expect(readSpanOf(['a', 'b'], known, head)).toEqual({ from: 0, to: 2 });
  });

  it('a head that skipped a fixed word still ends where its window words end', () => {
    expect(readSpanOf(['b', 'c'], known, head)).toEqual({ from: 0, to: 3 });
  });

  it('a tail starts at its first window word and, skips or not, runs to the end', () => {
    expect(readSpanOf(['d', 'e', 'f', 'g', 'h'], known, tail)).toEqual({ from: 3, to: 8 });
    expect(readSpanOf(['e', 'f', 'h'], known, tail)).toEqual({ from: 4, to: 8 });
    expect(readSpanOf(['f', 'g', 'h'], known, tail)).toEqual({ from: 5, to: 8 });
  });

  it('a tail cut off by the time limit ends at its last word', () => {
    expect(readSpanOf(['e', 'f'], known, { ...tail, cutOff: true })).toEqual({ from: 4, to: 6 });
  });

  it('words that fit two ways leave the span in doubt', () => {
    // "c" is the last fixed word (b skipped) or the window's first (b and c skipped).
    const repeated = ['a', 'b', 'c', 'c', 'd'];
    expect(
      readSpanOf(['a', 'c'], repeated, { side: 'head', windowFrom: 3, windowTo: 5 }),
    ).toBeNull();
  });

  it('the halves skip words read in full at a cost', () => {
    expect(body(headGrammar(['a'], ['c'], 0.001))).toBe('( /0.999/ a | /0.001/ <NULL> ) [ c ]');
    expect(body(tailGrammar(['c'], ['f'], false, 0.001))).toBe(
      '[ c ] ( /0.999/ f | /0.001/ <NULL> )',
    );
  });
});

/** Whether the FSG reads exactly `words` from its start to its final state, and at what cost. */
function accepts(fsg: Fsg, words: readonly string[]): number {
  // Best probability of being in each state after each word (nulls are already closed).
  let at = new Map<number, number>([[fsg.start, 1]]);
  const viaNull = (states: Map<number, number>) => {
    const out = new Map(states);
    for (const arc of fsg.arcs) {
      const p = states.get(arc.from);
      if (arc.word === null && p !== undefined)
        out.set(arc.to, Math.max(out.get(arc.to) ?? 0, p * arc.p));
    }
    return out;
  };
  at = viaNull(at);
  for (const word of words) {
    const next = new Map<number, number>();
    for (const arc of fsg.arcs) {
      const p = at.get(arc.from);
      if (arc.word === word && p !== undefined)
        next.set(arc.to, Math.max(next.get(arc.to) ?? 0, p * arc.p));
    }
    at = viaNull(next);
  }
  return at.get(fsg.final) ?? 0;
}

describe('reading grammars built as finite-state grammars', () => {
  const words = ['a', 'b', 'c', 'd', 'e', 'f'];
  const s = 0.01;

  it('a reading skips up to three words in a row, each at the JSGF grammar’s cost', () => {
    const fsg = readingFsg(words, s);
    expect(accepts(fsg, words)).toBeCloseTo((1 - s) ** 6, 12);
    expect(accepts(fsg, ['a', 'c', 'd', 'e', 'f'])).toBeCloseTo((1 - s) ** 5 * s, 12);
    expect(accepts(fsg, ['a', 'e', 'f'])).toBeCloseTo((1 - s) ** 3 * s ** 3, 12);
    expect(accepts(fsg, ['b', 'd', 'f'])).toBeGreaterThan(0);
    expect(accepts(fsg, ['a', 'b', 'c'])).toBeGreaterThan(0);
    // Four in a row is another text, not a reading with words left out.
    expect(accepts(fsg, ['a', 'f'])).toBe(0);
    expect(accepts(fsg, ['b', 'a'])).toBe(0);
  });

  it('no state has more ways out than a word and its skips (no null closure over the text)', () => {
    const fsg = readingFsg(
      Array.from({ length: 90 }, (_, i) => `w${i}`),
      s,
    );
    const out = new Map<number, number>();
    for (const arc of fsg.arcs) out.set(arc.from, (out.get(arc.from) ?? 0) + 1);
    expect(Math.max(...out.values())).toBeLessThanOrEqual(MAX_SKIPPED_IN_A_ROW + 2);
  });

  it('a head and a tail read what their JSGF grammars read', () => {
    const head = headFsg(['a', 'b'], ['c', 'd', 'e']);
    for (const read of [
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'd', 'e'],
    ])
      expect(accepts(head, read)).toBe(1);
    expect(accepts(head, ['a', 'b', 'd'])).toBe(0);
    expect(accepts(head, ['a'])).toBe(0);
    expect(accepts(headFsg(['a', 'b'], ['c'], s), ['b', 'c'])).toBeGreaterThan(0);

    const tail = tailFsg(['c', 'd', 'e'], ['f', 'g']);
    for (const read of [
      ['f', 'g'],
      ['e', 'f', 'g'],
      ['c', 'd', 'e', 'f', 'g'],
    ])
      expect(accepts(tail, read)).toBe(1);
    expect(accepts(tail, ['c', 'f', 'g'])).toBe(0);
    expect(accepts(tail, ['f'])).toBe(0);
    expect(accepts(tailFsg(['c'], ['f', 'g'], false, s), ['c', 'g'])).toBeGreaterThan(0);

    const cutOff = tailFsg(['c', 'd'], ['f', 'g'], true);
    for (const read of [['f'], ['d', 'f'], ['c', 'd', 'f', 'g']])
      expect(accepts(cutOff, read)).toBe(1);
    expect(accepts(cutOff, ['d'])).toBe(0);
  });
});

describe('the keyword grammar', () => {
  const garbageOf = (grammar: string) => /<g> = ([^;]*);/.exec(grammar)?.[1]?.split(' | ') ?? [];

  it('loops over every garbage phone in the server, and fewer, broad classes first, on trial', () => {
    const grammar = keywordGrammar([['tokyo'], ['ten', 'percent']]);
    expect(garbageOf(grammar)).toEqual(PHONES.map((phone) => `ph_${phone.toLowerCase()}`));
    expect(grammar).toContain('<kw> = ( tokyo ) | ( ten percent );');
    const kept = keywordGarbage.phones;
    try {
      keywordGarbage.phones = 20;
      const fewer = garbageOf(keywordGrammar([['tokyo']]));
      expect(fewer).toHaveLength(20);
      expect(fewer).toEqual(expect.arrayContaining(['ph_ah', 'ph_iy', 'ph_s', 'ph_t', 'ph_n']));
    } finally {
      keywordGarbage.phones = kept;
    }
  });

  it("offers each keyword word's spoken variants beside it", () => {
    const grammar = keywordGrammar([['ten', 'percent'], ['tokyo']], undefined, (word) =>
      word === 'percent' ? ['percent__k1'] : [],
    );
    expect(grammar).toContain('<kw> = ( ten ( percent | percent__k1 ) ) | ( tokyo );');
  });

  describe('as a hand-built FSG with one loop state (the hub trial)', () => {
    const fsg = keywordFsg([['ten', 'percent'], ['tokyo']], ['the', 'of'], (word) =>
      word === 'percent' ? ['percent__k1'] : [],
    );
    const from = (state: number) => fsg.arcs.filter((arc) => arc.from === state);
    const total = (state: number) => from(state).reduce((sum, arc) => sum + arc.p, 0);

    it('reads the same words from the start and from the loop state, which is the final one', () => {
      expect(fsg.start).toBe(0);
      expect(fsg.arcs.some((arc) => arc.word === null)).toBe(false);
      const words = (state: number) => from(state).map((arc) => arc.word);
      expect(words(fsg.final)).toEqual(words(0));
      expect(words(0)).toEqual(expect.arrayContaining(['ten', 'tokyo', 'the', 'of', 'ph_ah']));
      // "ten" leads to a state of its own, from which either spoken form of "percent" returns.
      const afterTen = from(0).find((arc) => arc.word === 'ten')?.to;
      expect(from(afterTen!).map((arc) => [arc.word, arc.to, arc.p])).toEqual([
        ['percent', fsg.final, 0.5],
        ['percent__k1', fsg.final, 0.5],
      ]);
    });

    it("gives each word the JSGF's probability: half the loop, its branch's weight, a share", () => {
      // Keywords 0.3, function words 0.65, garbage 0.05 (summing to 1), halved by `( … )+`.
      const p = (word: string) => from(0).find((arc) => arc.word === word)?.p;
      expect(p('tokyo')).toBeCloseTo(0.5 * 0.3 * 0.5);
      expect(p('the')).toBeCloseTo(0.5 * 0.65 * 0.5);
      expect(p('ph_ah')).toBeCloseTo((0.5 * 0.05) / PHONES.length);
      expect(total(0)).toBeCloseTo(0.5);
      expect(total(fsg.final)).toBeCloseTo(0.5);
    });
  });
});
