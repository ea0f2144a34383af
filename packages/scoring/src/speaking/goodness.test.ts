import {
  scoringProfiles,
  SECTION_7_4_SPEAKING_RUBRIC,
  type SpeakingRubric,
} from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { describe, expect, it } from 'vitest';
import type { AlignedPhone, AlignedWord, Alignment } from './alignment';
import { scoreSpeaking } from './score-speaking';
import { readAloudSummaryZh } from './summaries-zh';
import { isContentError, isOffTopicReading, readAloudContent } from './traits';
import { alignReference, goodnessOf, judgedAgainstClip } from './words';

/*
 * Issue 15: a word is judged against the free phone decode of its frames (goodness of
 * pronunciation), and a reading grammar that may skip words leaves out a word not said. Values
 * below are worked by hand: a phone's cost is −1024 · ln p nats.
 */
const rubric: SpeakingRubric = {
  ...SECTION_7_4_SPEAKING_RUBRIC,
  goodness: { scale: { a: -1, b: 2 }, contentErrorAt: 1, offTopicAt: 0.5 },
};
/** A phone of `frames` frames from `start` seconds whose cost is `nats` per frame. */
const phone = (name: string, start: number, frames: number, nats: number): AlignedPhone => ({
  phone: name,
  start,
  duration: frames / 100,
  p: Math.exp((-nats * frames) / 1024),
  frames,
});
const word = (text: string, phones: AlignedPhone[]): AlignedWord => {
  const [first] = phones;
  const last = phones.at(-1);
  const start = first?.start ?? 0;
  return {
    word: text,
    start,
    duration: last ? last.start + last.duration - start : 0,
    p: 1,
    phones,
  };
};

describe('goodness of pronunciation: aligned phones against the free decode of their frames', () => {
  it('is (aligned cost − free cost of the same frames) / frames, averaged over the phones', () => {
    // Phone 1: 10 frames at 3 nats against a free phone over the same frames at 2 → +1.
    // Phone 2: 10 frames at 4 nats; half of a free phone of 20 frames at 1 nat (cost 20, half 10)
    // → (40 − 10) / 10 = +3. Mean: 2.
    const aligned = [phone('K', 0, 10, 3), phone('AE', 0.1, 10, 4)];
    const free = [phone('K', 0, 10, 2), phone('EH', 0.1, 20, 1)];
    expect(goodnessOf(aligned, free, rubric)).toBeCloseTo(2, 2);
    // By its worst phone (pte-2025-08-r6's read words): +3.
    expect(goodnessOf(aligned, free, rubric, 'worst-phone')).toBeCloseTo(3, 2);
  });

  it('a read word is judged by its worst phone when the profile says so; open answers keep the mean', () => {
    const worst: SpeakingRubric = {
      ...rubric,
      goodness: { ...rubric.goodness!, readWord: 'worst-phone' },
    };
    const alignment: Alignment = {
      mode: 'align',
      retried: false,
      audioSeconds: 0.2,
      words: [word('cat', [phone('K', 0, 10, 2), phone('AE', 0.1, 10, 2), phone('T', 0.2, 10, 4)])],
      free: [phone('K', 0, 30, 2)],
    };
    const [mean] = alignReference('cat', alignment, rubric) ?? [];
    const [byWorst] = alignReference('cat', alignment, worst) ?? [];
    // Phones at 0, 0 and +2 against the free decode: the mean 0.67 is under the content-error
    // limit of 1, the worst phone is over it.
    expect(mean?.gop).toBeCloseTo(2 / 3, 2);
    expect(byWorst?.gop).toBeCloseTo(2, 2);
    expect(isContentError(mean!, rubric)).toBe(false);
    expect(isContentError(byWorst!, worst)).toBe(true);
    expect(byWorst?.score).toBe(10);
  });

  it('a word the free decode fits far better is a content error; one it fits as well is not', () => {
    const alignment: Alignment = {
      mode: 'align',
      retried: false,
      audioSeconds: 0.4,
      words: [
        word('cats', [phone('K', 0, 10, 3), phone('AE', 0.1, 10, 3)]),
        word('sleep', [phone('S', 0.2, 10, 6), phone('L', 0.3, 10, 6)]),
      ],
      free: [phone('K', 0, 20, 2.8), phone('T', 0.2, 20, 3)],
    };
    const words = alignReference('Cats sleep.', alignment, rubric);
    expect(words?.map((w) => Math.round((w.gop ?? NaN) * 10) / 10)).toEqual([0.2, 3]);
    expect(words?.map((w) => isContentError(w, rubric))).toEqual([false, true]);
    // Scores on the goodness scale: 0.2 is 90 − 80 · 1.2/3 = 58; 3 is past B → 10.
    expect(words?.map((w) => w.score)).toEqual([58, 10]);
  });

  it('without a free decode the penalty rules apply as before', () => {
    const alignment: Alignment = {
      mode: 'align',
      retried: false,
      audioSeconds: 0.2,
      words: [word('cats', [phone('K', 0, 10, 3), phone('AE', 0.1, 10, 3)])],
    };
    const [cats] = alignReference('Cats', alignment, rubric) ?? [];
    expect(cats?.gop).toBeUndefined();
    expect(cats?.score).toBe(90);
  });
});

describe('a reading grammar that may skip words', () => {
  const reading = (skippable: boolean): Alignment => ({
    mode: 'align',
    retried: false,
    audioSeconds: 0.6,
    skippable,
    words: [
      word('the', [phone('DH', 0, 10, 2), phone('AH', 0.1, 10, 2)]),
      word('<sil>', [phone('SIL', 0.2, 20, 1)]),
      word('sleep', [phone('S', 0.4, 10, 2), phone('L', 0.5, 10, 2)]),
    ],
  });

  it('marks the word it skipped as not said, where it was, and its neighbours as read', () => {
    const words = alignReference('The cats sleep.', reading(true), rubric);
    expect(words?.map((w) => [w.text, w.verdict])).toEqual([
      ['The', 'good'],
      ['cats', 'omitted'],
      ['sleep', 'good'],
    ]);
    expect(words?.[1]?.start).toBeCloseTo(0.2, 5);
    expect(readAloudContent(words ?? [], rubric).score).toBe(2);
  });

  it('a grammar that cannot skip must have every word: otherwise the result is empty', () => {
    expect(alignReference('The cats sleep.', reading(false), rubric)).toBeNull();
  });
});

describe('a reading judged against its own typical word (goodness.clip)', () => {
  const clipRubric: SpeakingRubric = {
    ...rubric,
    goodness: { ...rubric.goodness!, clip: { typical: 0, maxShift: 1 } },
  };
  /** A reading of three words whose goodness is `gops` (free phones cost 1 nat/frame). */
  const reading = (gops: number[]): Alignment => ({
    mode: 'align',
    retried: false,
    audioSeconds: 0.6,
    words: gops.map((gop, i) =>
      word(['cats', 'sleep', 'here'][i] ?? 'cats', [
        phone('K', i * 0.2, 10, 1 + gop),
        phone('AE', i * 0.2 + 0.1, 10, 1 + gop),
      ]),
    ),
    free: [phone('K', 0, 60, 1)],
  });

  it('takes every word lower by how far the median word is above the typical one, at most maxShift', () => {
    // Median 1.5 above a typical 0: shifted by the cap, 1. Only the word still at 1 or more is wrong.
    const words = alignReference('Cats sleep here.', reading([1.5, 1.5, 3.5]), clipRubric) ?? [];
    expect(words.map((w) => Math.round((w.judgedGop ?? NaN) * 10) / 10)).toEqual([0.5, 0.5, 2.5]);
    expect(words.map((w) => isContentError(w, clipRubric))).toEqual([false, false, true]);
    // Without the rule all three are content errors.
    const plain = alignReference('Cats sleep here.', reading([1.5, 1.5, 3.5]), rubric) ?? [];
    expect(plain.map((w) => isContentError(w, rubric))).toEqual([true, true, true]);
    // Scores follow the judged goodness: 0.5 is 90 − 80 · 1.5/3 = 50.
    expect(words.map((w) => w.score)).toEqual([50, 50, 10]);
  });

  it('never judges a reading the model fits well more strictly', () => {
    const words = alignReference('Cats sleep here.', reading([-0.5, -0.5, 1.2]), clipRubric) ?? [];
    expect(words.map((w) => Math.round((w.judgedGop ?? NaN) * 10) / 10)).toEqual([-0.5, -0.5, 1.2]);
    expect(words.map((w) => isContentError(w, clipRubric))).toEqual([false, false, true]);
  });

  it('leaves words without a goodness, and profiles without the rule, as they were', () => {
    const words = alignReference('Cats sleep here.', reading([1.5, 1.5, 3.5]), rubric) ?? [];
    expect(judgedAgainstClip(words, rubric)).toBe(words);
    expect(words.every((w) => w.judgedGop === undefined)).toBe(true);
  });
});

describe('another text read against the reference (issue 15, the off-topic share)', () => {
  /** Words of `phones` phones each, at goodness `gop`; a gop of null is a word skipped. */
  const reading = (words: [text: string, phones: number, gop: number | null][]): Alignment => {
    let at = 0;
    const aligned: AlignedWord[] = [];
    for (const [text, phones, gop] of words) {
      if (gop === null) continue;
      aligned.push(
        word(
          text,
          Array.from({ length: phones }, (_, i) => phone('AH', at + i * 0.1, 10, 1 + gop)),
        ),
      );
      at += phones * 0.1;
    }
    return {
      mode: 'align',
      retried: false,
      audioSeconds: at,
      words: aligned,
      skippable: true,
      free: [phone('AH', 0, Math.round(at * 100), 1)],
    };
  };
  const offTopic: SpeakingRubric = { ...rubric, offTopic: { penalty: 5, share: 0.8 } };
  const text = 'The results of the experiment were surprising.';
  // Another sentence: every word of three or more phones far (goodness 2 ≥ 0.5) or not heard;
  // "the", "of", "the", "were" (two phones) fit any speech.
  const other = reading([
    ['the', 2, 0],
    ['results', 7, 2],
    ['of', 2, 0],
    ['the', 2, 0],
    ['experiment', 10, 2],
    ['were', 2, 0],
    ['surprising', 9, null],
  ]);

  it('short words that fit any speech kept another text under the share', () => {
    const words = alignReference(text, other, offTopic) ?? [];
    expect(words).toHaveLength(7);
    // 3 of 7 far: under 0.8, so the text "was read" and keeps the short words.
    expect(isOffTopicReading(words, offTopic)).toBe(false);
    expect(readAloudContent(words, offTopic).score).toBe(4);
  });

  it('counting only words of minPhones phones or more (and words not said), it is another text', () => {
    const rule: SpeakingRubric = { ...rubric, offTopic: { penalty: 5, share: 0.8, minPhones: 3 } };
    const words = alignReference(text, other, rule) ?? [];
    expect(isOffTopicReading(words, rule)).toBe(true);
    expect(readAloudContent(words, rule).score).toBe(0);
    // The text itself read well stays the text.
    const read = alignReference(
      text,
      reading([
        ['the', 2, 0],
        ['results', 7, 0],
        ['of', 2, 0],
        ['the', 2, 0],
        ['experiment', 10, 0],
        ['were', 2, 0],
        ['surprising', 9, 0],
      ]),
      rule,
    );
    expect(isOffTopicReading(read ?? [], rule)).toBe(false);
  });

  it('a reading that stopped early is not another text: the words after the last one said do not count', () => {
    const rule: SpeakingRubric = { ...rubric, offTopic: { penalty: 5, share: 0.8, minPhones: 3 } };
    const stopped: Alignment = {
      ...reading([
        ['the', 2, 0],
        ['results', 7, 0],
      ]),
      skippable: false,
      stoppedEarly: true,
    };
    const words = alignReference(text, stopped, rule) ?? [];
    // The five words never reached would make 5 of 6 counted words far.
    expect(words.map((w) => w.omitted)).toEqual([false, false, true, true, true, true, true]);
    expect(isOffTopicReading(words, rule)).toBe(false);
    expect(readAloudContent(words, rule).score).toBe(2);
  });
});

describe('a read word the engine heard as a competing word (issue 15)', () => {
  // "open" read as "ocean": the search took its competitor's arc; the phones fit it as well as
  // a correct word's (goodness 0 against a free phone of the same cost), as a similar-sounding
  // substitute's often do.
  const alignment: Alignment = {
    mode: 'align',
    retried: false,
    audioSeconds: 0.6,
    skippable: true,
    words: [
      word('stay', [phone('S', 0, 10, 2), phone('EY', 0.1, 10, 2)]),
      {
        ...word('open', [phone('OW', 0.2, 10, 2), phone('SH', 0.3, 10, 2), phone('N', 0.4, 10, 2)]),
        heardAs: 'ocean',
      },
    ],
    free: [phone('S', 0, 60, 2)],
  };

  it('is a content error scored at most maxScore when the profile counts competitors', () => {
    const counted: SpeakingRubric = {
      ...rubric,
      goodness: { ...rubric.goodness!, competitor: { maxScore: 10 } },
    };
    const words = alignReference('stay open', alignment, counted) ?? [];
    expect(words.map((w) => w.heardAs)).toEqual([undefined, 'ocean']);
    expect(words[1]).toMatchObject({ score: 10, verdict: 'bad', omitted: false });
    expect(words.map((w) => isContentError(w, counted))).toEqual([false, true]);
    const content = readAloudContent(words, counted);
    expect(content.score).toBe(1);
    // The advice names what was heard, from the same word.
    expect(readAloudSummaryZh(content.score, content.max, content.errors)).toBe(
      '读对 1 / 2 个词；没有读对：open（听起来像 ocean）。',
    );
  });

  it('is left to its goodness below minGoodness, and ignored by profiles without the rule', () => {
    const strict: SpeakingRubric = {
      ...rubric,
      goodness: { ...rubric.goodness!, competitor: { maxScore: 10, minGoodness: 0.5 } },
    };
    for (const profile of [strict, rubric]) {
      const words = alignReference('stay open', alignment, profile) ?? [];
      expect(words[1]?.heardAs).toBeUndefined();
      expect(words.map((w) => isContentError(w, profile))).toEqual([false, false]);
    }
  });
});

describe('a read word squeezed into too little time (issue 15, goodness.squeezed)', () => {
  // "period" said as "tomato": the search pressed "period" onto a few frames of it, most of its
  // phones at the 3-frame minimum, and gave the rest to its neighbour; those frames fit it well.
  const alignment: Alignment = {
    mode: 'align',
    retried: false,
    audioSeconds: 0.6,
    skippable: true,
    words: [
      word('exam', [phone('IH', 0, 10, 2), phone('G', 0.1, 10, 2), phone('Z', 0.2, 10, 2)]),
      word('period', [
        phone('P', 0.3, 8, 2),
        phone('IH', 0.38, 3, 2),
        phone('R', 0.41, 3, 2),
        phone('IY', 0.44, 3, 2),
      ]),
    ],
    free: [phone('S', 0, 60, 2)],
  };
  const squeezed: SpeakingRubric = {
    ...rubric,
    goodness: { ...rubric.goodness!, squeezed: { minPhones: 3, share: 0.5, maxScore: 15 } },
  };

  it('is a content error scored at most maxScore when the profile has the rule', () => {
    const words = alignReference('exam period', alignment, squeezed) ?? [];
    expect(words[0]?.squeezed).toBeUndefined();
    expect(words[1]).toMatchObject({ score: 15, verdict: 'bad', omitted: false, squeezed: true });
    expect(words.map((w) => isContentError(w, squeezed))).toEqual([false, true]);
    const content = readAloudContent(words, squeezed);
    expect(content.score).toBe(1);
    // The advice says why it is wrong, not only that it is.
    expect(readAloudSummaryZh(content.score, content.max, content.errors)).toBe(
      '读对 1 / 2 个词；没有读对：period（一带而过，像是没读或读成了别的词）。',
    );
  });

  it('is marked on the result word, so the page can say why it is wrong', () => {
    const item = buildExampleItem('RA');
    item.content.text = 'exam period';
    const profile = { ...scoringProfiles['pte-2025-08'], speaking: squeezed };
    const result = scoreSpeaking(item, { ok: true, alignment }, profile);
    expect(result.syllables.map((s) => [s.word, s.squeezed])).toEqual([
      ['exam', undefined],
      ['period', true],
    ]);
    expect(result.syllables[1]?.type).toBe('bad');
  });

  it('is not applied to a fast reading, whose phones are short everywhere', () => {
    const gated: SpeakingRubric = {
      ...rubric,
      goodness: {
        ...rubric.goodness!,
        squeezed: { minPhones: 3, share: 0.5, maxScore: 15, minTypicalFrames: 7 },
      },
    };
    // The reading above: its median phone lasts 8 frames, so "period" is still squeezed.
    expect(alignReference('exam period', alignment, gated)?.[1]?.squeezed).toBe(true);
    // Read fast, "exam" takes 4 frames a phone: the median is 4 and short phones are the rate.
    const fast: Alignment = {
      ...alignment,
      words: [
        word('exam', [phone('IH', 0, 4, 2), phone('G', 0.04, 4, 2), phone('Z', 0.08, 4, 2)]),
        ...alignment.words.slice(1),
      ],
    };
    const words = alignReference('exam period', fast, gated) ?? [];
    expect(words[1]?.squeezed).toBeUndefined();
    expect(words.map((w) => isContentError(w, gated))).toEqual([false, false]);
  });

  it('needs the share of short phones and enough phones, and profiles without it ignore it', () => {
    const fewer: SpeakingRubric = {
      ...rubric,
      goodness: { ...rubric.goodness!, squeezed: { minPhones: 3, share: 0.8, maxScore: 15 } },
    };
    const longer: SpeakingRubric = {
      ...rubric,
      goodness: { ...rubric.goodness!, squeezed: { minPhones: 5, share: 0.5, maxScore: 15 } },
    };
    for (const profile of [fewer, longer, rubric]) {
      const words = alignReference('exam period', alignment, profile) ?? [];
      expect(words[1]?.squeezed).toBeUndefined();
      expect(words.map((w) => isContentError(w, profile))).toEqual([false, false]);
    }
  });
});
