import { readFileSync } from 'node:fs';
import {
  SECTION_7_4_SPEAKING_RUBRIC,
  scoringProfiles,
  SpeechResultSchema,
  type ItemOf,
  type ScoringProfile,
} from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { describe, expect, it } from 'vitest';
import type { Alignment, EngineOutcome } from './alignment';
import { ratePenalty } from './fluency';
import { scoreSpeaking, UNSCORED_MESSAGES_ZH, type SpeakingItem } from './score-speaking';
import { isOmitted, penaltyOf, scoreFromPenalty, verdictOf } from './words';

/*
 * Fixtures (./fixtures/*.json) are alignments written for these tests: phones of 8 frames whose
 * `p` gives a penalty of about 3 nats/frame for a good word, 3-frame phones at about 14 for an
 * omitted one, 10.5 for a substituted one. Expected values below were worked out by hand from
 * speech-engine.md §7.4 (and checked with a separate calculation), not read off this code.
 */
const fixture = (name: string): Alignment =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Alignment;
const ok = (name: string): EngineOutcome => ({ ok: true, alignment: fixture(name) });

/*
 * The hand-worked values check the formulas with §7.4's constants as written; the profiles carry
 * their refit (issue 15), whose effect the development-set bench measures.
 */
const profile: ScoringProfile = {
  ...scoringProfiles['pte-2025-08'],
  speaking: SECTION_7_4_SPEAKING_RUBRIC,
};
const rubric = profile.speaking;

function raItem(): ItemOf<'RA'> {
  const item = buildExampleItem('RA');
  item.content.text = 'Reefs can recover, but only if the water cools quickly.';
  return item;
}
const rsItem = () => buildExampleItem('RS'); // "The library will close early on Friday for staff training."
function diItem(): ItemOf<'DI'> {
  const item = buildExampleItem('DI');
  item.key.keyPoints = [
    { point: 'It is a bar chart', keywords: ['bar chart'] },
    { point: 'It compares energy sources', keywords: ['energy sources', 'power sources'] },
    { point: 'Coal is the largest', keywords: ['coal'] },
    { point: 'Solar grows fastest', keywords: ['solar', 'renewable'] },
    { point: 'Nuclear stays flat', keywords: ['nuclear'] },
  ];
  return item;
}
const asqItem = () => buildExampleItem('ASQ'); // accepted: thermometer, a thermometer

const trait = (result: ReturnType<typeof scoreSpeaking>, id: string) => {
  const found = result.traits.find((candidate) => candidate.trait === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('word and phone scores — speech-engine.md §7.4', () => {
  it.each([
    { penalty: 3, scale: rubric.word, score: 90, why: 'at or below A = 4.5 → 90' },
    { penalty: 4.5, scale: rubric.word, score: 90, why: 'A itself' },
    { penalty: 7.25, scale: rubric.word, score: 50, why: 'half way from A to B' },
    { penalty: 10, scale: rubric.word, score: 10, why: 'B = 10 → 10' },
    { penalty: 20, scale: rubric.word, score: 10, why: 'beyond B is clamped' },
    { penalty: 8.25, scale: rubric.phone, score: 50, why: 'phones: half way from 4.5 to 12' },
  ])('penalty $penalty → $score ($why)', ({ penalty, scale, score }) => {
    expect(scoreFromPenalty(penalty, scale)).toBe(score);
  });

  it('penalty = −1024 · Σ ln(max(p, 5e-4)) / Σ frames, the floor guarding p = 0', () => {
    const phones = [
      { phone: 'K', start: 0, duration: 0.1, p: Math.exp(-0.05), frames: 10 },
      { phone: 'AE', start: 0.1, duration: 0.1, p: Math.exp(-0.05), frames: 10 },
    ];
    expect(penaltyOf(phones, rubric)).toBeCloseTo(5.12, 10);
    const zero = [{ phone: 'T', start: 0, duration: 0.03, p: 0, frames: 3 }];
    expect(penaltyOf(zero, rubric)).toBeCloseTo((-1024 * Math.log(5e-4)) / 3, 10);
  });

  it.each([
    { score: 70, verdict: 'good' },
    { score: 69, verdict: 'unclear' },
    { score: 45, verdict: 'unclear' },
    { score: 44, verdict: 'bad' },
  ])('§7.4 Colours: $score → $verdict', ({ score, verdict }) => {
    expect(verdictOf(score, rubric)).toBe(verdict);
  });

  it('§7.4 Omitted: penalty ≥ 12 AND every phone at the 3-frame minimum', () => {
    const squeezed = [{ phone: 'OW', start: 0, duration: 0.03, p: 0.96, frames: 3 }];
    const long = [{ phone: 'OW', start: 0, duration: 0.04, p: 0.96, frames: 4 }];
    expect(isOmitted(13, squeezed, rubric)).toBe(true);
    expect(isOmitted(11.9, squeezed, rubric)).toBe(false);
    expect(isOmitted(13, long, rubric)).toBe(false);
  });

  it.each([
    { wpm: 89, r: 1 },
    { wpm: 90, r: 0.5 },
    { wpm: 109, r: 0.5 },
    { wpm: 110, r: 0 },
    { wpm: 200, r: 0 },
    { wpm: 201, r: 1 },
  ])('§7.4 rate penalty R: $wpm wpm → $r', ({ wpm, r }) => {
    expect(ratePenalty(wpm, rubric)).toBe(r);
  });
});

describe('scoreSpeaking on alignment fixtures — speech-engine.md §7.4, pte-rules §Part 1', () => {
  it.each([
    {
      fixture: 'ra-fluent',
      item: raItem,
      why: 'RA read well at 174 wpm, one pause at the comma (not a hesitation)',
      content: 10,
      pronunciation: 5,
      fluency: 5,
      score: 20,
      max: 20,
      estimate: 90,
      totalScore: 5,
      wpm: 174,
    },
    {
      fixture: 'ra-errors',
      item: raItem,
      why: 'RA: "only" omitted and "water" at pen ≥ B are 2 errors (content 8/10); P 4.0; H 1, L 1, R 0.5 (109 wpm) → F 2.5',
      content: 8,
      pronunciation: 4,
      fluency: 2,
      score: 14,
      max: 20,
      // 10 + 80 · (0.8 + 2.5/5 + 4/5) / 3 = 66
      estimate: 66,
      totalScore: 3.67,
      wpm: 109,
    },
    {
      fixture: 'ra-silent',
      item: raItem,
      why: 'RA with every word omitted: content 0 zeroes the item and (§7.4 suggestion) P and F',
      content: 0,
      pronunciation: 0,
      fluency: 0,
      score: 0,
      max: 20,
      estimate: 10,
      totalScore: 0.56,
      wpm: 0,
    },
    {
      fixture: 'rs-partial',
      item: rsItem,
      why: 'RS: 6 of 10 words said (60 % ≥ 50 % → content 2); omitted words do not break the run',
      content: 2,
      pronunciation: 5,
      fluency: 5,
      score: 12,
      max: 13,
      // 10 + 80 · (2/3 + 1 + 1) / 3 = 81.1
      estimate: 81,
      totalScore: 4.5,
      wpm: 149,
    },
    {
      fixture: 'di-keywords',
      item: diItem,
      why: 'DI: 3 of 5 key points (solar heard at pen ≥ B does not count) → round(6 · 0.6) = 4; P 4.5; a filler and a repetition → F 4',
      content: 4,
      pronunciation: 4,
      fluency: 4,
      score: 12,
      max: 16,
      // 10 + 80 · (0.4 · 4/6 + 0.3 · 4/5 + 0.3 · 4.5/5) = 72.1
      estimate: 72,
      totalScore: 4,
      wpm: 153,
    },
  ])('$fixture: $why', (row) => {
    const result = scoreSpeaking(row.item() as SpeakingItem, ok(row.fixture), profile);
    expect(SpeechResultSchema.parse(result)).toEqual(result);
    expect(result.unscored).toBeUndefined();
    const contentTrait = result.traits[0];
    expect(contentTrait?.trait).toBe('content');
    expect(contentTrait?.score).toBe(row.content);
    expect(trait(result, 'pronunciation').score).toBe(row.pronunciation);
    expect(trait(result, 'fluency').score).toBe(row.fluency);
    expect(result.score).toBe(row.score);
    expect(result.max).toBe(row.max);
    expect(result.estimate).toBe(row.estimate);
    expect(result.total_score).toBe(row.totalScore);
    expect(result.wpm).toBe(row.wpm);
  });

  it('ra-errors: each reference word once, with its timing, verdict and phonemes in IPA', () => {
    const result = scoreSpeaking(raItem(), ok('ra-errors'), profile);
    expect(result.syllables.map((s) => [s.word, s.type, s.score])).toEqual([
      ['Reefs', 'good', 5],
      ['can', 'good', 5],
      ['recover', 'good', 5],
      ['but', 'good', 5],
      ['only', 'omitted', 0],
      ['if', 'good', 5],
      ['the', 'good', 5],
      ['water', 'bad', 0.56],
      ['cools', 'good', 4.44],
      ['quickly', 'unclear', 3.33],
    ]);
    const only = result.syllables[4];
    expect(only).toMatchObject({ omitted: true, start: 1.98, end: 2.1 });
    // §7.4: a phone is shown red only if its word is at least amber — "cools" (80) is good, so
    // its bad /u/ (score 11) is shown as unclear.
    expect(result.syllables[8]?.phonemes).toEqual([
      { text: 'k', arpabet: 'K', type: 'good', score: 5 },
      { text: 'u', arpabet: 'UW', type: 'unclear', score: 0.61 },
      { text: 'l', arpabet: 'L', type: 'good', score: 5 },
      { text: 'z', arpabet: 'Z', type: 'good', score: 5 },
    ]);
    expect(result.pauses).toEqual([
      { start: 1.34, end: 1.74, afterWord: 'recover', atPunctuation: true, kind: 'natural' },
      { start: 2.26, end: 3.46, afterWord: 'if', atPunctuation: false, kind: 'long' },
      { start: 3.62, end: 4.12, afterWord: 'the', atPunctuation: false, kind: 'hesitation' },
    ]);
  });

  it('ra-errors: the advice names the evidence', () => {
    const result = scoreSpeaking(raItem(), ok('ra-errors'), profile);
    expect(trait(result, 'content').summaryZh).toBe(
      '读对 8 / 10 个词；没有听到：only；没有读对：water。',
    );
    expect(trait(result, 'fluency').summaryZh).toBe(
      '语速 109 词/分钟，偏慢；在 “if” 后停顿过长；在 “the” 后有犹豫停顿。',
    );
    expect(trait(result, 'pronunciation').summaryZh).toContain('读得不清楚的词：water、quickly');
    expect(trait(result, 'pronunciation').measures[0]).toEqual({
      labelZh: '发音（半分一档）',
      value: '4',
    });
    expect(result.gatedBy).toBeNull();
  });

  it('a reading mostly not said: the advice names the cap that holds pronunciation down', () => {
    // Issue 15: pronunciation 2 / 5 was shown beside "听到的词都读得清楚" (clear words, capped).
    const fluent = fixture('ra-fluent');
    const firstFour = new Set(['<sil>', 'reefs', 'can', 'recover']);
    const alignment: Alignment = {
      ...fluent,
      skippable: true,
      words: fluent.words.filter((word, index) => index < 5 && firstFour.has(word.word)),
    };
    const result = scoreSpeaking(raItem(), { ok: true, alignment }, profile);
    const pronunciation = trait(result, 'pronunciation');
    expect(pronunciation.score).toBe(2);
    expect(pronunciation.summaryZh).toContain(
      '只听到 3 / 10 个词，不到一半，按评分规则发音最多记 2 分',
    );
    expect(pronunciation.summaryZh).not.toContain('听到的词都读得清楚');
    // Read in full, the same words carry no cap and the sentence says nothing of one.
    const whole = trait(scoreSpeaking(raItem(), ok('ra-fluent'), profile), 'pronunciation');
    expect(whole.summaryZh).not.toContain('最多记');
    expect(whole.summaryZh).toContain('听到的词都读得清楚');
  });

  it('ra-silent: the gate is named and the advice says why P and F are 0', () => {
    const result = scoreSpeaking(raItem(), ok('ra-silent'), profile);
    expect(result.gatedBy).toBe('content');
    expect(trait(result, 'fluency').summaryZh).toMatch(/^内容得 0 分/);
    expect(result.syllables.every((s) => s.omitted && s.score === 0)).toBe(true);
  });

  it('di-keywords: keywords covered and missed, and key point verdicts', () => {
    const result = scoreSpeaking(diItem(), ok('di-keywords'), profile);
    expect(result.keywords).toEqual({
      covered: ['bar chart', 'energy sources', 'coal'],
      missed: ['solar / renewable', 'nuclear'],
    });
    expect(trait(result, 'content').keyPoints?.map((point) => point.covered)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(trait(result, 'fluency').summaryZh).toBe(
      '语速 153 词/分钟，适中；有 1 处 “um / uh” 一类的填充音；重复了 1 次。',
    );
    // §7.3: open tasks score pronunciation only over recognised words, marked low-confidence.
    expect(trait(result, 'pronunciation').summaryZh).toContain('只按识别出的词估计');
    // P = 4.5 counts 4 whole points (§7.4 rounds to 0.5; the trait has whole points): the advice
    // says the same as the score column, with the half point beside it.
    expect(trait(result, 'pronunciation').score).toBe(4);
    expect(trait(result, 'pronunciation').summaryZh).toMatch(/^发音 4 \/ 5（[^）]*，细分 4\.5）/);
    // Recognised words, fillers left out.
    expect(result.syllables.map((s) => s.word)).not.toContain('um');
    expect(result.syllables).toHaveLength(9);
  });

  it.each([
    { fixture: 'asq-correct', score: 1, estimate: 90, why: '"a thermometer" heard at pen < B' },
    { fixture: 'asq-unsure', score: 0, estimate: 10, why: '"thermometer" only at pen ≥ B' },
  ])('ASQ is 1 or 0, estimate 90 or 10 (§7.3, §7.4): $fixture, $why', (row) => {
    const result = scoreSpeaking(asqItem(), ok(row.fixture), profile);
    expect(result.traits.map((t) => [t.trait, t.score, t.max])).toEqual([
      ['vocabulary', row.score, 1],
    ]);
    expect(result.score).toBe(row.score);
    expect(result.max).toBe(1);
    expect(result.estimate).toBe(row.estimate);
    expect(result.gatedBy).toBeNull();
  });

  it('RTS scores appropriacy by keywords and gates on it (profile pte-2025-08)', () => {
    const item = buildExampleItem('RTS');
    item.key.keyPoints = [{ point: 'Coal', keywords: ['coal'] }];
    const result = scoreSpeaking(item, ok('di-keywords'), profile);
    expect(result.traits[0]).toMatchObject({ trait: 'appropriacy', score: 6, max: 6 });
  });

  it('every constant comes from the profile: a stricter B turns "water" into a non-error', () => {
    const edited: ScoringProfile = {
      ...profile,
      speaking: { ...rubric, word: { a: 4.5, b: 11 } },
    };
    const result = scoreSpeaking(raItem(), ok('ra-errors'), edited);
    expect(trait(result, 'content').score).toBe(9);
  });
});

describe('unscored and malformed — spec §8: an unreadable result is the empty one, never a throw', () => {
  it.each(['no-speech', 'too-quiet', 'clipped', 'decode-failed'] as const)(
    'engine says %s → unscored with a 没有听清 message',
    (reason) => {
      const result = scoreSpeaking(raItem(), { ok: false, reason }, profile);
      expect(result).toMatchObject({
        kind: 'speech',
        score: 0,
        max: 20,
        total_score: 0,
        syllables: [],
        traits: [],
        unscored: { reason, messageZh: UNSCORED_MESSAGES_ZH[reason] },
      });
      expect(result.unscored?.messageZh).toMatch(/^没有听清/);
    },
  );

  const fluent = fixture('ra-fluent');
  it.each([
    { case: 'null outcome', outcome: null },
    { case: 'no alignment', outcome: { ok: true } },
    { case: 'words not an array', outcome: { ok: true, alignment: { ...fluent, words: 'x' } } },
    {
      case: 'a word missing',
      outcome: { ok: true, alignment: { ...fluent, words: fluent.words.slice(0, -3) } },
    },
    {
      case: 'words out of order',
      outcome: { ok: true, alignment: { ...fluent, words: [...fluent.words].reverse() } },
    },
    {
      case: 'p above 1',
      outcome: {
        ok: true,
        alignment: {
          ...fluent,
          words: fluent.words.map((w) => ({
            ...w,
            phones: w.phones.map((p) => ({ ...p, p: 2 })),
          })),
        },
      },
    },
    {
      case: 'keyword mode for RA',
      outcome: { ok: true, alignment: { ...fluent, mode: 'keywords' } },
    },
  ])('$case → empty result', ({ outcome }) => {
    const result = scoreSpeaking(raItem(), outcome as EngineOutcome, profile);
    expect(result).toMatchObject({
      score: 0,
      syllables: [],
      unscored: { reason: 'invalid-result' },
    });
  });

  it('an item type the profile does not score (RTS under pte-2024) → empty result, no throw', () => {
    const result = scoreSpeaking(
      buildExampleItem('RTS'),
      ok('di-keywords'),
      scoringProfiles['pte-2024'],
    );
    expect(result).toMatchObject({ score: 0, max: 0, unscored: { reason: 'invalid-result' } });
  });

  it('reads alternate pronunciations ("which(2)") and hyphenated words aligned as parts', () => {
    const item = raItem();
    item.content.text = 'Coal-fired plants, which close.';
    const word = (name: string, start: number) => ({
      word: name,
      start,
      duration: 0.16,
      p: 0.9,
      phones: [
        { phone: 'K', start, duration: 0.08, p: 0.977, frames: 8 },
        { phone: 'L', start: start + 0.08, duration: 0.08, p: 0.977, frames: 8 },
      ],
    });
    const alignment: Alignment = {
      mode: 'align',
      retried: false,
      audioSeconds: 1,
      words: [
        word('coal', 0),
        word('fired', 0.16),
        word('plants', 0.32),
        word('which(2)', 0.48),
        word('close', 0.64),
      ],
    };
    const result = scoreSpeaking(item, { ok: true, alignment }, profile);
    expect(result.unscored).toBeUndefined();
    expect(result.syllables.map((s) => [s.word, s.start, s.end])).toEqual([
      ['Coal-fired', 0, 0.32],
      ['plants', 0.32, 0.48],
      ['which', 0.48, 0.64],
      ['close', 0.64, 0.8],
    ]);
  });
});

describe('a reading that stopped early (speech-engine.md §7.4: an omitted word is an error)', () => {
  it('the words after the last one decoded are not said: omitted, in brackets, counted as errors', () => {
    const fluent = fixture('ra-fluent');
    const full = scoreSpeaking(raItem(), { ok: true, alignment: fluent }, profile);
    const cut = scoreSpeaking(
      raItem(),
      { ok: true, alignment: { ...fluent, words: fluent.words.slice(0, -3), stoppedEarly: true } },
      profile,
    );
    expect(cut.unscored).toBeUndefined();
    expect(cut.syllables).toHaveLength(full.syllables.length);
    expect(cut.syllables.at(-1)).toMatchObject({ omitted: true, type: 'omitted', score: 0 });
    const content = (result: typeof cut) => result.traits.find((t) => t.trait === 'content')!.score;
    expect(content(cut)).toBeLessThan(content(full));
  });
});
