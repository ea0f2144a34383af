import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_CODES, itemTypes, type ItemTypeCode, type Skill } from '../catalogue';
import { buildExampleItem } from '../../testing/example-items';
import {
  CURRENT_SCORING_PROFILE,
  CURRENT_SCORING_PROFILE_ID,
  getTypeScoring,
  latestScoringProfileFor,
  maxRawScore,
  scoringProfiles,
  skillsFedBy,
  type ScoringProfileId,
  type ScoringRuleKind,
  type TraitId,
} from '.';

const traitMax = (type: ItemTypeCode, trait: TraitId, profile: ScoringProfileId) =>
  getTypeScoring(type, profile).traits.find((spec) => spec.trait === trait)?.max;

/**
 * That profile `after` differs from `before` only in `speaking[part]`, and there only by `fields`
 * that `before` lacks; after's values of them, for the test to check.
 */
function fieldsAddedTo(
  beforeId: ScoringProfileId,
  afterId: ScoringProfileId,
  part: 'openAnswers' | 'goodness',
  fields: readonly string[],
): Record<string, unknown> {
  const before = scoringProfiles[beforeId];
  const after = scoringProfiles[afterId];
  expect(after.types).toEqual(before.types);
  expect(after.writing).toBe(before.writing);
  expect(after.mock).toBe(before.mock);
  expect({ ...after.speaking, [part]: undefined }).toEqual({
    ...before.speaking,
    [part]: undefined,
  });
  const changed: Record<string, unknown> = { ...after.speaking[part] };
  const added: Record<string, unknown> = {};
  for (const field of fields) {
    added[field] = changed[field];
    delete changed[field];
    expect(before.speaking[part]).not.toHaveProperty(field);
  }
  expect(changed).toEqual(before.speaking[part]);
  return added;
}

describe('profiles', () => {
  it("the current profile is pte-2025-08-r15: the August 2025 format, writing errors per 100 words (issue 17), speaking and open-answer keywords against the free phone decode, the keywords' limit set for the speaker, a whole-answer template check for answers proving one key point, sound-alike keywords proving nothing alone, another text read judged by its longer words and read words heard as a competing word or squeezed into too little time counted wrong, a key point heard only through a spoken variant weaker evidence, and a lone key point heard more clearly (issue 15)", () => {
    expect(CURRENT_SCORING_PROFILE_ID).toBe('pte-2025-08-r15');
    expect(CURRENT_SCORING_PROFILE).toBe(scoringProfiles['pte-2025-08-r15']);
    expect(CURRENT_SCORING_PROFILE.pteVersion).toBe('pte-2025-08');
    expect(latestScoringProfileFor('pte-2025-08')).toBe('pte-2025-08-r15');
    expect(latestScoringProfileFor('pte-2024')).toBe('pte-2024');
  });

  it('pte-2025-08-r2 changes only the writing traits of SWT, WE and SST', () => {
    const before = scoringProfiles['pte-2025-08'];
    const after = scoringProfiles['pte-2025-08-r2'];
    for (const code of ITEM_TYPE_CODES.filter((each) => !['SWT', 'WE', 'SST'].includes(each)))
      expect(after.types[code]).toEqual(before.types[code]);
    for (const code of ['SWT', 'WE', 'SST'] as const) {
      const traits = after.types[code]!.traits;
      expect(traits.map((spec) => spec.trait)).toEqual(
        before.types[code]!.traits.map((spec) => spec.trait),
      );
      expect(traits.find((spec) => spec.trait === 'grammar')?.errorDensityBands).toBeDefined();
      expect(traits.find((spec) => spec.trait === 'vocabulary')?.errorDensityBands).toBeDefined();
      expect(maxRawScore(code, after)).toBe(maxRawScore(code, before));
    }
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
  });

  it('pte-2025-08-r3 changes only the speaking rubric of pte-2025-08-r2', () => {
    const before = scoringProfiles['pte-2025-08-r2'];
    const after = scoringProfiles['pte-2025-08-r3'];
    expect(after.types).toEqual(before.types);
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
    expect(after.speaking.goodness).toBeDefined();
    expect(before.speaking.goodness).toBeUndefined();
  });

  it('pte-2025-08-r4 changes only the goodness constants of pte-2025-08-r3', () => {
    const before = scoringProfiles['pte-2025-08-r3'];
    const after = scoringProfiles['pte-2025-08-r4'];
    expect(after.types).toEqual(before.types);
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
    expect({ ...after.speaking, goodness: undefined }).toEqual({
      ...before.speaking,
      goodness: undefined,
    });
    expect(after.speaking.goodness).not.toEqual(before.speaking.goodness);
  });

  it('pte-2025-08-r5 adds only the open-answer rules to pte-2025-08-r4', () => {
    const before = scoringProfiles['pte-2025-08-r4'];
    const after = scoringProfiles['pte-2025-08-r5'];
    expect(after.types).toEqual(before.types);
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
    expect({ ...after.speaking, openAnswers: undefined }).toEqual({
      ...before.speaking,
      openAnswers: undefined,
    });
    expect(after.speaking.openAnswers).toBeDefined();
    expect(before.speaking.openAnswers).toBeUndefined();
  });

  it('pte-2025-08-r6 changes only the reading goodness of pte-2025-08-r5: the worst phone, judged against the reading', () => {
    const before = scoringProfiles['pte-2025-08-r5'];
    const after = scoringProfiles['pte-2025-08-r6'];
    expect(after.types).toEqual(before.types);
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
    expect({ ...after.speaking, goodness: undefined }).toEqual({
      ...before.speaking,
      goodness: undefined,
    });
    expect(after.speaking.openAnswers).toEqual(before.speaking.openAnswers);
    expect(after.speaking.goodness?.readWord).toBe('worst-phone');
    expect(after.speaking.goodness?.clip).toBeDefined();
    expect(before.speaking.goodness?.readWord).toBeUndefined();
    expect(before.speaking.goodness?.clip).toBeUndefined();
  });

  it('pte-2025-08-r7 changes only the open-answer rules of pte-2025-08-r6: the speaker-set limit and the whole-answer check', () => {
    const added = fieldsAddedTo('pte-2025-08-r6', 'pte-2025-08-r7', 'openAnswers', [
      'voice',
      'minEvidence',
    ]);
    expect(added.voice).toBeDefined();
    expect(added.minEvidence).toBeDefined();
  });

  it('pte-2025-08-r9 changes only the off-topic rule of pte-2025-08-r7: its share counted over words of three or more phones', () => {
    const before = scoringProfiles['pte-2025-08-r7'];
    const after = scoringProfiles['pte-2025-08-r9'];
    expect(after.types).toEqual(before.types);
    expect(after.writing).toBe(before.writing);
    expect(after.mock).toBe(before.mock);
    expect({ ...after.speaking, offTopic: undefined }).toEqual({
      ...before.speaking,
      offTopic: undefined,
    });
    expect(after.speaking.offTopic).toEqual({ penalty: 5, share: 0.8, minPhones: 3 });
    expect(before.speaking.offTopic).toEqual({ penalty: 5, share: 0.7 });
  });

  it('pte-2025-08-r10 changes only the whole-answer check of pte-2025-08-r9: one key point at most', () => {
    const added = fieldsAddedTo('pte-2025-08-r9', 'pte-2025-08-r10', 'openAnswers', [
      'templateMaxPoints',
    ]);
    expect(added.templateMaxPoints).toBe(1);
  });

  it("pte-2025-08-r11 changes only pte-2025-08-r10's open answers: sound-alike keywords", () => {
    const added = fieldsAddedTo('pte-2025-08-r10', 'pte-2025-08-r11', 'openAnswers', [
      'soundAlikeKeywords',
    ]);
    expect(added.soundAlikeKeywords).toContain('due');
  });

  it("pte-2025-08-r12 changes only pte-2025-08-r11's reading goodness: competing words count", () => {
    const added = fieldsAddedTo('pte-2025-08-r11', 'pte-2025-08-r12', 'goodness', ['competitor']);
    expect(added.competitor).toEqual({ maxScore: 20 });
  });

  it("pte-2025-08-r13 changes only pte-2025-08-r12's reading goodness: squeezed words count", () => {
    const added = fieldsAddedTo('pte-2025-08-r12', 'pte-2025-08-r13', 'goodness', ['squeezed']);
    expect(added.squeezed).toEqual({ minPhones: 3, share: 0.5, maxScore: 15, minTypicalFrames: 7 });
  });

  it("pte-2025-08-r14 changes only pte-2025-08-r13's open answers: a spoken variant's find weighs less", () => {
    const added = fieldsAddedTo('pte-2025-08-r13', 'pte-2025-08-r14', 'openAnswers', [
      'variantEvidenceCost',
    ]);
    expect(added.variantEvidenceCost).toBe(1);
  });

  it("pte-2025-08-r15 changes only pte-2025-08-r14's whole-answer check: more evidence of one point", () => {
    const before = scoringProfiles['pte-2025-08-r14'];
    const after = scoringProfiles['pte-2025-08-r15'];
    expect({ ...after, id: before.id, labelZh: '', labelEn: '', speaking: undefined }).toEqual({
      ...before,
      labelZh: '',
      labelEn: '',
      speaking: undefined,
    });
    expect({ ...after.speaking, openAnswers: undefined }).toEqual({
      ...before.speaking,
      openAnswers: undefined,
    });
    expect(before.speaking.openAnswers?.minEvidence).toBe(1.5);
    expect(after.speaking.openAnswers).toEqual({ ...before.speaking.openAnswers, minEvidence: 2 });
  });

  it('pte-2025-08 scores the 22 scored types and not PI', () => {
    const scored = ITEM_TYPE_CODES.filter((code) => itemTypes[code].isScored);
    expect(Object.keys(scoringProfiles['pte-2025-08'].types).sort()).toEqual([...scored].sort());
  });

  it('pte-2024 scores the 20 types that existed before RTS and SGD', () => {
    const scored = ITEM_TYPE_CODES.filter(
      (code) => itemTypes[code].isScored && !itemTypes[code].isNew2025,
    );
    expect(Object.keys(scoringProfiles['pte-2024'].types).sort()).toEqual([...scored].sort());
  });

  it('refuses to score PI, or RTS under pte-2024', () => {
    expect(() => getTypeScoring('PI')).toThrow(/does not score PI/);
    expect(() => getTypeScoring('RTS', 'pte-2024')).toThrow(/pte-2024 does not score RTS/);
  });
});

describe('traits and maxima in both profiles', () => {
  it.each<[ItemTypeCode, TraitId, number | 'words-in-text', string]>([
    ['RA', 'content', 'words-in-text', '§Part 1: each omitted, inserted or replaced word'],
    ['RA', 'pronunciation', 5, '§Part 1'],
    ['RA', 'fluency', 5, '§Part 1'],
    ['RS', 'content', 3, '§Part 1'],
    ['RS', 'pronunciation', 5, '§Part 1'],
    ['RS', 'fluency', 5, '§Part 1'],
    ['DI', 'pronunciation', 5, '§Part 1'],
    ['DI', 'fluency', 5, '§Part 1'],
    ['RL', 'pronunciation', 5, '§Part 1'],
    ['RL', 'fluency', 5, '§Part 1'],
    ['ASQ', 'vocabulary', 1, '§Part 1'],
    ['SWT', 'content', 2, '§Part 1'],
    ['SWT', 'form', 1, '§Part 1'],
    ['SWT', 'grammar', 2, '§Part 1'],
    ['SWT', 'vocabulary', 2, '§Part 1'],
    ['WE', 'form', 2, '§Part 1'],
    ['WE', 'grammar', 2, '§Part 1'],
    ['WE', 'vocabulary', 2, '§Part 1'],
    ['WE', 'spelling', 2, '§Part 1'],
    ['SST', 'form', 2, '§Part 3'],
    ['SST', 'grammar', 2, '§Part 3'],
    ['SST', 'vocabulary', 2, '§Part 3'],
    ['SST', 'spelling', 2, '§Part 3'],
  ])('%s %s is 0–%s (pte-rules %s)', (type, trait, max) => {
    expect(traitMax(type, trait, 'pte-2024')).toBe(max);
    expect(traitMax(type, trait, 'pte-2025-08')).toBe(max);
  });

  it.each<[ItemTypeCode, TraitId[]]>([
    ['RA', ['content', 'pronunciation', 'fluency']],
    ['RS', ['content', 'pronunciation', 'fluency']],
    ['DI', ['content', 'pronunciation', 'fluency']],
    ['RL', ['content', 'pronunciation', 'fluency']],
    ['ASQ', ['vocabulary']],
    ['SWT', ['content', 'form', 'grammar', 'vocabulary']],
    [
      'WE',
      ['content', 'form', 'development', 'grammar', 'linguistic-range', 'vocabulary', 'spelling'],
    ],
    ['SST', ['content', 'form', 'grammar', 'vocabulary', 'spelling']],
  ])('%s has the traits %j in the order of pte-rules', (type, traits) => {
    for (const profile of ['pte-2024', 'pte-2025-08'] as const) {
      expect(getTypeScoring(type, profile).traits.map((spec) => spec.trait)).toEqual(traits);
    }
  });
});

describe('2024 → 2025-08 differences (pte-rules [2025] values)', () => {
  it.each<[ItemTypeCode, TraitId, number, number, string]>([
    ['DI', 'content', 5, 6, '§Part 1'],
    ['RL', 'content', 5, 6, '§Part 1'],
    ['WE', 'content', 3, 6, '§Part 1'],
    ['WE', 'development', 2, 6, '§Part 1'],
    ['WE', 'linguistic-range', 2, 6, '§Part 1'],
    ['SST', 'content', 2, 4, '§Part 3'],
  ])('%s %s is 0–%i before and 0–%i from 2025-08 (pte-rules %s)', (type, trait, before, after) => {
    expect(traitMax(type, trait, 'pte-2024')).toBe(before);
    expect(traitMax(type, trait, 'pte-2025-08')).toBe(after);
  });

  it.each<[ItemTypeCode, TraitId[], number[]]>([
    ['RTS', ['appropriacy', 'pronunciation', 'fluency'], [6, 5, 5]],
    ['SGD', ['content', 'pronunciation', 'fluency'], [6, 5, 5]],
  ])('new %s scores %j with maxima %j (pte-rules §Part 1 [2025])', (type, traits, maxima) => {
    const specs = getTypeScoring(type, 'pte-2025-08').traits;
    expect(specs.map((spec) => spec.trait)).toEqual(traits);
    expect(specs.map((spec) => spec.max)).toEqual(maxima);
  });

  it.each<[ItemTypeCode, number, number]>([
    ['DI', 15, 16],
    ['RL', 15, 16],
    ['WE', 15, 26],
    ['SST', 10, 12],
    ['SWT', 7, 7],
    ['RS', 13, 13],
  ])('%s raw maximum is %i before and %i from 2025-08', (type, before, after) => {
    expect(maxRawScore(type, 'pte-2024')).toBe(before);
    expect(maxRawScore(type, 'pte-2025-08')).toBe(after);
  });
});

describe('scoring rules (pte-rules §Part 2, §Part 3)', () => {
  it.each<[ItemTypeCode, ScoringRuleKind, string]>([
    ['RWFIB', 'per-blank', '1 per correct blank'],
    ['RMCM', 'plus-minus-floor0', '+1 per correct option, −1 per wrong option, floor 0'],
    ['RO', 'adjacent-pairs', '1 per correct adjacent pair'],
    ['RFIB', 'per-blank', '1 per correct blank'],
    ['RMCS', 'single-choice', '1 or 0'],
    ['LMCM', 'plus-minus-floor0', '+1 / −1 per option, floor 0'],
    ['LFIB', 'per-blank', '1 per correct word, spelled correctly'],
    ['HCS', 'single-choice', '1 or 0'],
    ['LMCS', 'single-choice', '1 or 0'],
    ['SMW', 'single-choice', '1 or 0'],
    ['HIW', 'plus-minus-floor0', '+1 per correct word, −1 per wrong click, floor 0'],
    ['WFD', 'per-word', '1 per correct word spelled correctly, in any order'],
  ])('%s scores by %s ("%s")', (type, rule) => {
    for (const profile of ['pte-2024', 'pte-2025-08'] as const) {
      expect(getTypeScoring(type, profile).rule).toBe(rule);
      expect(getTypeScoring(type, profile).traits).toEqual([]);
    }
  });

  it('every open type scores by traits, objective types by their rule', () => {
    for (const type of ITEM_TYPE_CODES.filter((code) => itemTypes[code].isScored)) {
      const isTraits = getTypeScoring(type).rule === 'traits';
      expect(isTraits).toBe(!itemTypes[type].isObjective);
    }
  });

  it('SST form: 50–70 → 2; 40–49 or 71–100 → 1 (pte-rules §Part 3)', () => {
    const form = getTypeScoring('SST').traits.find((spec) => spec.trait === 'form');
    expect(form?.wordCountBands).toEqual([
      { minWords: 50, maxWords: 70, score: 2 },
      { minWords: 40, maxWords: 49, score: 1 },
      { minWords: 71, maxWords: 100, score: 1 },
    ]);
  });

  it('SST spelling: one error → 1, more → 0 (pte-rules §Part 3)', () => {
    const spelling = getTypeScoring('SST').traits.find((spec) => spec.trait === 'spelling');
    expect(spelling?.errorBands).toEqual([
      { maxErrors: 0, score: 2 },
      { maxErrors: 1, score: 1 },
    ]);
  });

  it('SWT form needs one sentence of 5–75 words (pte-rules §Part 1)', () => {
    const form = getTypeScoring('SWT').traits.find((spec) => spec.trait === 'form');
    expect(form).toMatchObject({
      requiresOneSentence: true,
      wordCountBands: [{ minWords: 5, maxWords: 75, score: 1 }],
    });
  });

  it.each(['SWT', 'WE', 'SST'] as const)(
    '%s full form marks match the catalogue word limits',
    (type) => {
      const form = getTypeScoring(type).traits.find((spec) => spec.trait === 'form');
      const top = form?.wordCountBands?.[0];
      expect(top?.score).toBe(form?.max);
      expect({ min: top?.minWords, max: top?.maxWords }).toEqual(
        itemTypes[type].limits.answerWords,
      );
    },
  );

  it('RS content: 3 all words, 2 at least half (pte-rules §Part 1)', () => {
    const content = getTypeScoring('RS').traits.find((spec) => spec.trait === 'content');
    expect(content?.shareBands?.slice(0, 2)).toEqual([
      { minShare: 1, score: 3 },
      { minShare: 0.5, score: 2 },
    ]);
  });
});

describe('gate rules (pte-rules §Gate rules for open answers)', () => {
  it.each(['SWT', 'SST', 'WE'] as const)('%s: form 0 or content 0 makes the item 0', (type) => {
    for (const profile of ['pte-2024', 'pte-2025-08'] as const) {
      expect([...getTypeScoring(type, profile).gates].sort()).toEqual(['content', 'form']);
    }
  });

  it.each(['RA', 'RS', 'DI', 'RL', 'SGD'] as const)('%s: content 0 makes the item 0', (type) => {
    expect(getTypeScoring(type).gates).toEqual(['content']);
  });

  it('RTS: appropriacy, its content trait, 0 makes the item 0', () => {
    expect(getTypeScoring('RTS').gates).toEqual(['appropriacy']);
  });

  it('every gate is one of the type’s traits', () => {
    for (const profile of Object.values(scoringProfiles)) {
      for (const scoring of Object.values(profile.types)) {
        const traits = scoring.traits.map((spec) => spec.trait);
        for (const gate of scoring.gates) expect(traits).toContain(gate);
      }
    }
  });
});

describe('skills fed', () => {
  it.each<[ItemTypeCode, Skill[], string]>([
    ['RA', ['speaking'], 'Read Aloud counts for Speaking only'],
    ['ASQ', ['listening'], 'Answer Short Question for Listening only'],
    ['RWFIB', ['reading'], 'both fill-in-the-blank types for their own skill only'],
    ['LFIB', ['listening'], 'both fill-in-the-blank types for their own skill only'],
    ['RS', ['speaking', 'listening'], 'RS, RL, SGD feed Speaking + Listening'],
    ['RL', ['speaking', 'listening'], 'RS, RL, SGD feed Speaking + Listening'],
    ['SGD', ['speaking', 'listening'], 'RS, RL, SGD feed Speaking + Listening'],
    ['SWT', ['writing', 'reading'], 'SWT feeds Writing + Reading'],
  ])('pte-2025-08: %s feeds %j (pte-rules §Scale and report: "%s")', (type, skills) => {
    expect(skillsFedBy(type, 'pte-2025-08')).toEqual(skills);
  });

  it.each<[ItemTypeCode, Skill[]]>([
    ['RA', ['speaking', 'reading']],
    ['ASQ', ['speaking', 'listening']],
    ['RWFIB', ['writing', 'reading']],
    ['LFIB', ['writing', 'listening']],
  ])('pte-2024: %s still fed %j (before the [2025] change)', (type, skills) => {
    expect(skillsFedBy(type, 'pte-2024')).toEqual(skills);
  });

  it('each type feeds one skill, or two for integrated items (pte-rules §Scale and report)', () => {
    for (const profile of Object.values(scoringProfiles)) {
      for (const type of Object.keys(profile.types) as ItemTypeCode[]) {
        const count = skillsFedBy(type, profile).length;
        expect(count === 1 || count === 2).toBe(true);
      }
    }
  });

  it('every weight is positive', () => {
    for (const profile of Object.values(scoringProfiles)) {
      for (const scoring of Object.values(profile.types)) {
        for (const weight of Object.values(scoring.skills)) expect(weight).toBeGreaterThan(0);
      }
    }
  });
});

describe('maxRawScore', () => {
  it.each<[ItemTypeCode, number]>([
    ['RS', 13],
    ['DI', 16],
    ['RL', 16],
    ['ASQ', 1],
    ['RTS', 16],
    ['SGD', 16],
    ['SWT', 7],
    ['WE', 26],
    ['RMCS', 1],
    ['SST', 12],
    ['HCS', 1],
    ['LMCS', 1],
    ['SMW', 1],
  ])('%s has a fixed maximum of %i under the current profile', (type, max) => {
    expect(maxRawScore(type)).toBe(max);
    expect(maxRawScore(buildExampleItem(type))).toBe(max);
  });

  it.each(['RA', 'RWFIB', 'RMCM', 'RO', 'RFIB', 'LMCM', 'LFIB', 'HIW', 'WFD'] as const)(
    '%s has no fixed maximum: it depends on the item',
    (type) => {
      expect(maxRawScore(type)).toBeNull();
    },
  );

  it('RA: one point per word of the text, plus pronunciation 5 and fluency 5', () => {
    const item = buildExampleItem('RA');
    item.content.text = 'Ten short words make up this tiny test text here.';
    expect(maxRawScore(item)).toBe(10 + 5 + 5);
  });

  it('per-blank: one point per blank', () => {
    expect(maxRawScore(buildExampleItem('RWFIB'))).toBe(4);
    expect(maxRawScore(buildExampleItem('RFIB'))).toBe(3);
    expect(maxRawScore(buildExampleItem('LFIB'))).toBe(3);
  });

  it('plus-minus: one point per correct option or changed word', () => {
    expect(maxRawScore(buildExampleItem('RMCM'))).toBe(2);
    expect(maxRawScore(buildExampleItem('LMCM'))).toBe(2);
    expect(maxRawScore(buildExampleItem('HIW'))).toBe(3);
  });

  it('RO: one point per adjacent pair, paragraphs − 1', () => {
    expect(maxRawScore(buildExampleItem('RO'))).toBe(3);
  });

  it('WFD: one point per word of the sentence', () => {
    const item = buildExampleItem('WFD');
    item.key.sentence = 'Students must register before Friday.';
    expect(maxRawScore(item)).toBe(5);
  });

  it('accepts a profile by id or as an object', () => {
    expect(maxRawScore('WE', 'pte-2024')).toBe(15);
    expect(maxRawScore('WE', scoringProfiles['pte-2024'])).toBe(15);
  });
});
