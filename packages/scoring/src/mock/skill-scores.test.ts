import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCORING_PROFILE,
  MockScoreReportSchema,
  scoringProfiles,
  type AttemptResult,
  type ItemTypeCode,
  type TraitId,
} from '@ninety/contract';
import { aggregateMockScores, type MockItemOutcome, type MockResultInput } from './skill-scores';

/*
 * Hand-worked examples against pte-2025-08 and calibration ninety-mock-2026-11:
 * σ per item RA/RS 16, DI/RL/RTS/SGD 24, SWT/WE/SST 18, WFD and other multi-unit types 14,
 * one-point types 18; σ_unscored = 80/√12 ≈ 23.09; σ_cal = 3; range = score ± 1.645·√(SE² + 9),
 * SE² = Σ(w·σ)² / (Σw)² (+ (unscored share · 23.09)²). Estimates are 10 + 80 · score / max
 * unless a spoken result carries its own.
 */

let next = 0;
function item(
  type: ItemTypeCode,
  result: MockResultInput | null,
  extra: Partial<MockItemOutcome> = {},
): MockItemOutcome {
  next += 1;
  return { itemId: `${type.toLowerCase()}-${next}`, type, result, ...extra };
}
const spoken = (estimate: number, traits: MockResultInput['traits'] = []): MockResultInput => ({
  score: 0,
  max: 13,
  estimate,
  traits,
});
const raw = (score: number, max: number, traits: MockResultInput['traits'] = []) => ({
  score,
  max,
  traits,
});
const trait = (name: TraitId, score: number, max: number) => ({ trait: name, score, max });

const range = (s: { score: number | null; low: number | null; high: number | null }) => [
  s.score,
  s.low,
  s.high,
];

describe('skill scores — which item feeds which skill (pte-rules §Scale and report)', () => {
  it.each([
    {
      rule: '[2025] Read Aloud counts for Speaking only',
      items: [item('RA', spoken(70))],
      // √(16² + 3²) = 16.28; ×1.645 = 26.78 → 43 … 96.8, capped at 90.
      expect: { speaking: [70, 43, 90], writing: null, reading: null, listening: null },
    },
    {
      rule: 'RS feeds Speaking + Listening',
      // 10 + 80·9/13 = 65.38 → 65 (an item's estimate is a whole number, as practice shows it);
      // same range as one RA: ±26.78 → 38 … 92 → 90.
      items: [item('RS', raw(9, 13))],
      expect: { speaking: [65, 38, 90], writing: null, reading: null, listening: [65, 38, 90] },
    },
    {
      rule: '[2025] Answer Short Question counts for Listening only',
      // ASQ is 90 or 10; σ 18: √(18² + 9) = 18.25 → ±30.02 → 60 … 90.
      items: [item('ASQ', spoken(90))],
      expect: { speaking: null, writing: null, reading: null, listening: [90, 60, 90] },
    },
    {
      rule: 'SWT feeds Writing + Reading',
      // 10 + 80·5/7 = 67.14 → 67; √(18² + 9) = 18.25 → ±30.02 → 37 … 97 → 90.
      items: [item('SWT', raw(5, 7))],
      expect: { speaking: null, writing: [67, 37, 90], reading: [67, 37, 90], listening: null },
    },
    {
      rule: '[2025] both fill-in-the-blank types for their own skill only (RWFIB reading, LFIB listening)',
      // 10 + 80·3/4 = 70, σ 14: √(196 + 9) = 14.32 → ±23.55 → 46 … 94 → 90.
      items: [item('RWFIB', raw(3, 4)), item('LFIB', raw(3, 4))],
      expect: { speaking: null, writing: null, reading: [70, 46, 90], listening: [70, 46, 90] },
    },
  ])('$rule', ({ items, expect: expected }) => {
    const report = aggregateMockScores(items);
    for (const skill of ['speaking', 'writing', 'reading', 'listening'] as const) {
      const want = expected[skill];
      if (want === null)
        expect(report.skills[skill], skill).toMatchObject({
          score: null,
          low: null,
          high: null,
          itemsScored: 0,
        });
      else expect(range(report.skills[skill]), skill).toEqual(want);
    }
  });

  it('gate rules: a form-0 WE is a scored 0 and counts as 10, not as unscored (pte-rules §Gate rules)', () => {
    const report = aggregateMockScores([item('WE', raw(0, 26, [trait('form', 0, 2)]))]);
    expect(report.skills.writing.score).toBe(10);
    expect(report.unscoredItems).toEqual([]);
  });

  it('PI is unscored (pte-rules §Part 1) and left out entirely', () => {
    const report = aggregateMockScores([item('PI', null), item('RA', spoken(70))]);
    expect(report.unscoredItems).toEqual([]);
    expect(report.overall.itemsScored).toBe(1);
  });
});

describe('skill scores — ranges (issue 13: a range per skill from how many items and which types)', () => {
  it('open-answer speech is the least certain: two DI give a wider range than two RS with the same scores', () => {
    // RS: SE² = 2·16²/4 = 128; √(128 + 9) = 11.70 → ±19.25 → 51 … 89.
    // DI: SE² = 2·24²/4 = 288; √(288 + 9) = 17.23 → ±28.35 → 42 … 98 → 90.
    const rs = aggregateMockScores([item('RS', spoken(60)), item('RS', spoken(80))]).skills
      .speaking;
    const di = aggregateMockScores([item('DI', spoken(60)), item('DI', spoken(80))]).skills
      .speaking;
    expect(range(rs)).toEqual([70, 51, 89]);
    expect(range(di)).toEqual([70, 42, 90]);
  });

  it('fewer items give a wider range: 4 WFD against 12 WFD, all at 70', () => {
    // 4: SE² = 196/4 = 49; √58 = 7.62 → ±12.53 → 57 … 83. 12: 196/12 = 16.33; √25.33 = 5.03 → ±8.28 → 62 … 78.
    const four = aggregateMockScores(Array.from({ length: 4 }, () => item('WFD', raw(6, 8))));
    const twelve = aggregateMockScores(Array.from({ length: 12 }, () => item('WFD', raw(6, 8))));
    expect(range(four.skills.listening)).toEqual([70, 57, 83]);
    expect(range(twelve.skills.listening)).toEqual([70, 62, 78]);
    // WFD feeds writing too (pte-rules: WFD → listening + writing).
    expect(range(twelve.skills.writing)).toEqual([70, 62, 78]);
  });

  it('a skill is the weighted mean of its items: 2 RS (60, 80) and 1 RA (90) → speaking 76.7 → 77', () => {
    const report = aggregateMockScores([
      item('RS', spoken(60)),
      item('RS', spoken(80)),
      item('RA', spoken(90)),
    ]);
    expect(report.skills.speaking.score).toBe(77);
    // Listening is fed by the two RS only.
    expect(report.skills.listening.score).toBe(70);
    expect(report.skills.speaking.types).toEqual(['RS', 'RA']);
  });

  it('the overall weights each item by the skills it feeds: RS (2 skills) at 50 and RA (1) at 80 → 60', () => {
    // (2·50 + 1·80) / 3 = 60; SE² = ((2·16)² + 16²) / 3² = 142.2; √151.2 = 12.30 → ±20.23 → 40 … 80.
    const report = aggregateMockScores([item('RS', spoken(50)), item('RA', spoken(80))]);
    expect(range(report.overall)).toEqual([60, 40, 80]);
  });
});

describe('skill scores — items that could not be scored (issue 13: never a silent 10)', () => {
  it('are listed, excluded from the score and widen the range', () => {
    const unscored = item('RS', {
      ...spoken(10),
      unscored: { messageZh: '没有听清：录音里没有听到说话声' },
    });
    const failed = item('RS', null, { failureZh: '评分服务多次重试后仍失败' });
    const scored = [item('RS', spoken(70)), item('RS', spoken(70)), item('RS', spoken(70))];
    const withGaps = aggregateMockScores([...scored, unscored]);
    const complete = aggregateMockScores(scored);
    // Scored only: SE² = 3·256/9 = 85.33; √94.33 = 9.71 → ±15.98 → 54 … 86.
    expect(range(complete.skills.speaking)).toEqual([70, 54, 86]);
    // One of four unscored: + (¼ · 23.09)² = 33.33 → √127.67 = 11.30 → ±18.59 → 51 … 89; still 70, not (3·70 + 10)/4 = 55.
    expect(range(withGaps.skills.speaking)).toEqual([70, 51, 89]);
    expect(withGaps.skills.speaking).toMatchObject({ itemsScored: 3, itemsUnscored: 1 });
    expect(withGaps.unscoredItems).toEqual([
      { itemId: unscored.itemId, type: 'RS', reasonZh: '没有听清：录音里没有听到说话声' },
    ]);

    const withFailure = aggregateMockScores([...scored, failed]);
    expect(withFailure.unscoredItems).toEqual([
      { itemId: failed.itemId, type: 'RS', reasonZh: '评分服务多次重试后仍失败' },
    ]);
    expect(range(withFailure.skills.speaking)).toEqual([70, 51, 89]);
  });

  it('a skill fed only by unscored items has no score, and says how many were missing', () => {
    const report = aggregateMockScores([item('WE', null), item('RA', spoken(70))]);
    expect(report.skills.writing).toEqual({
      score: null,
      low: null,
      high: null,
      itemsScored: 0,
      itemsUnscored: 1,
      types: ['WE'],
    });
    expect(report.unscoredItems[0]!.reasonZh).toBe('这道题未能完成评分，已从估分中排除。');
  });

  it('nothing scored at all: no overall, no strengths or suggestions', () => {
    const report = aggregateMockScores([item('RA', null)]);
    expect(report.overall.score).toBeNull();
    expect(report.practiceNext).toEqual([]);
    expect(MockScoreReportSchema.parse(report)).toEqual(report);
  });
});

describe('the report is labelled and versioned', () => {
  it('names the profile and the calibration, and says it is a practice estimate', () => {
    const report = aggregateMockScores([item('RA', spoken(70))]);
    expect(report.scoringProfileId).toBe(CURRENT_SCORING_PROFILE.id);
    expect(report.calibrationId).toBe(CURRENT_SCORING_PROFILE.mock.calibrationId);
    expect(report.labelZh).toBe('练习估分');
    expect(report.noteZh).toContain('不是 Pearson 官方成绩');
    expect(MockScoreReportSchema.parse(report)).toEqual(report);
  });

  it('follows the profile it is given: under pte-2024 RA also fed reading', () => {
    const report = aggregateMockScores([item('RA', spoken(70))], scoringProfiles['pte-2024']);
    expect(report.scoringProfileId).toBe('pte-2024');
    expect(report.skills.reading.score).toBe(70);
  });

  it('takes practice’s stored AttemptResult as it is', () => {
    const stored: AttemptResult = { kind: 'choices', score: 1, max: 2, options: [] };
    expect(aggregateMockScores([item('LMCM', stored)]).skills.listening.score).toBe(50);
  });
});

describe('skills profile (next-features §1.3)', () => {
  const paper = () => [
    item(
      'RA',
      spoken(80, [trait('content', 40, 42), trait('pronunciation', 4, 5), trait('fluency', 4, 5)]),
    ),
    item(
      'RS',
      spoken(76, [trait('content', 3, 3), trait('pronunciation', 4, 5), trait('fluency', 3, 5)]),
    ),
    item(
      'DI',
      spoken(30, [trait('content', 1, 6), trait('pronunciation', 2, 5), trait('fluency', 2, 5)]),
    ),
    item(
      'RL',
      spoken(45, [trait('content', 2, 6), trait('pronunciation', 3, 5), trait('fluency', 3, 5)]),
    ),
    item('WFD', raw(7, 8)),
    item('RO', raw(5, 8)),
  ];

  it('scores the eight categories from their item types and levels them against the overall', () => {
    const report = aggregateMockScores(paper());
    // Overall: RA 80 (w1), RS 76 (w2), DI 30 (w1), RL 45 (w2), WFD 80 (w2), RO 60 (w1) → 572 / 9 = 63.6 → 64.
    expect(report.overall.score).toBe(64);
    const category = Object.fromEntries(
      report.skillsProfile.map((c) => [c.id, [c.score, c.level]]),
    );
    expect(report.skillsProfile).toHaveLength(8);
    // Reproducing = RA, RS, WFD: (80 + 76 + 80) / 3 = 78.7 → 79, at least 5 above 64 → strong.
    expect(category['reproducing']).toEqual([79, 'strong']);
    // Extended speaking = DI, RL: 37.5 → 38 → weak.
    expect(category['extended-speaking']).toEqual([38, 'weak']);
    // Single-skill comprehension = RO only: 60 → within 5 of 64 → average.
    expect(category['single-skill']).toEqual([60, 'average']);
    // Extended writing (WE, SST): nothing fed it.
    expect(category['extended-writing']).toEqual([null, null]);
  });

  it('names strengths and weaknesses per item type and trait, in Chinese', () => {
    const report = aggregateMockScores(paper());
    expect(report.strengths.filter((n) => n.trait === null).map((n) => n.type)).toEqual([
      'RA',
      'WFD',
      'RS',
    ]);
    expect(report.strengths[0]!.textZh).toBe(
      '朗读（RA）平均 80 分，高于你的总分 64 分，是你的强项。',
    );
    expect(report.weaknesses.filter((n) => n.trait === null).map((n) => n.type)).toEqual([
      'DI',
      'RL',
    ]);
    expect(report.weaknesses[0]!.textZh).toMatch(
      /^描述图片（DI）平均 30 分，低于你的总分 64 分。按“总述/,
    );
    // DI content 1/6 = 17 %, the weakest trait; RL content 2/6 = 33 %; DI pronunciation 2/5 = 40 %.
    const weakTraits = report.weaknesses
      .filter((n) => n.trait !== null)
      .map((n) => `${n.type}:${n.trait}`);
    expect(weakTraits).toEqual(['DI:content', 'RL:content', 'DI:pronunciation', 'DI:fluency']);
    expect(report.weaknesses.find((n) => n.trait === 'content')!.textZh).toBe(
      '描述图片（DI）的内容得分率只有 17%。内容要覆盖题目的主要信息和关键点。',
    );
  });

  it('suggests practising first where the gain is largest, an integrated type counting twice', () => {
    // DI: (90 − 30) × 1 = 60; RL: (90 − 45) × 2 (speaking + listening) = 90 → RL first.
    const report = aggregateMockScores(paper());
    expect(report.practiceNext.map((s) => s.type)).toEqual(['RL', 'DI']);
    expect(report.practiceNext[0]!.reasonZh).toMatch(/^复述讲座（RL）平均 45 分，计入口语和听力。/);
  });

  it('with no weak type, still suggests the lowest types below 90', () => {
    // Overall (70 + 2·68 + 2·70) / 5 = 69.2 → 69: no type 5 below it or under 50.
    // Gains: RS (90 − 68)·2 = 44, WFD (90 − 70)·2 = 40, RA (90 − 70)·1 = 20.
    const report = aggregateMockScores([
      item('RA', spoken(70)),
      item('RS', spoken(68)),
      item('WFD', raw(6, 8)),
    ]);
    expect(report.weaknesses.filter((n) => n.trait === null)).toEqual([]);
    expect(report.practiceNext.map((s) => s.type)).toEqual(['RS', 'WFD', 'RA']);
  });

  it('sums traits per type across its items', () => {
    const report = aggregateMockScores([
      item('RS', spoken(70, [trait('pronunciation', 3, 5)])),
      item('RS', spoken(80, [trait('pronunciation', 4, 5)])),
    ]);
    expect(report.typeSummaries).toEqual([
      {
        type: 'RS',
        score: 75,
        items: 2,
        traits: [{ trait: 'pronunciation', score: 7, max: 10, share: 0.7 }],
      },
    ]);
  });
});
