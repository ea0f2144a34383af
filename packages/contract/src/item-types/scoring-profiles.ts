import { z } from 'zod';
import type { ItemTypeCode, Skill } from './catalogue';
import type { Item } from './item-schema';
import { countWords, findBlanks, toWords } from './text';
import { CURRENT_PTE_VERSION, PteVersionSchema, type PteVersion } from './versions';

/**
 * Versioned scoring profiles: for each item type, how its raw score is made (the rule), its traits
 * and their maxima, which traits zero the item (gates), and which skills it feeds with what weight.
 * Numbers come from docs/pte-rules.md ("pte-rules"); [2025] values go into `pte-2025-08` only.
 * A mock-exam result records the profile it was scored with, so reports stay reproducible.
 */

/** A scoring profile is named after the format version it belongs to. */
export const ScoringProfileIdSchema = PteVersionSchema;
export type ScoringProfileId = PteVersion;

/**
 * How an item's raw score is computed:
 * - `per-blank`: 1 per correct blank (RWFIB, RFIB, LFIB);
 * - `plus-minus-floor0`: +1 per correct choice, −1 per wrong one, never below 0 (RMCM, LMCM, HIW);
 * - `adjacent-pairs`: 1 per adjacent pair of paragraphs in the right order (RO);
 * - `single-choice`: 1 or 0 (RMCS, HCS, LMCS, SMW);
 * - `per-word`: 1 per word of the sentence written and spelled right, in any order (WFD);
 * - `traits`: the sum of trait scores, subject to the gates (speaking and open writing).
 */
export const ScoringRuleKindSchema = z.enum([
  'per-blank',
  'plus-minus-floor0',
  'adjacent-pairs',
  'single-choice',
  'per-word',
  'traits',
]);
export type ScoringRuleKind = z.infer<typeof ScoringRuleKindSchema>;

export const TraitIdSchema = z
  .enum([
    'content',
    'appropriacy',
    'pronunciation',
    'fluency',
    'vocabulary',
    'form',
    'grammar',
    'development',
    'linguistic-range',
    'spelling',
  ])
  .meta({ id: 'TraitId', description: '评分维度' });
export type TraitId = z.infer<typeof TraitIdSchema>;

/** Display names of the traits for report and analysis pages. */
export const traitNames: Record<TraitId, { nameZh: string; nameEn: string }> = {
  content: { nameZh: '内容', nameEn: 'Content' },
  appropriacy: { nameZh: '内容得体性', nameEn: 'Appropriacy' },
  pronunciation: { nameZh: '发音', nameEn: 'Pronunciation' },
  fluency: { nameZh: '流利度', nameEn: 'Oral fluency' },
  vocabulary: { nameZh: '词汇', nameEn: 'Vocabulary' },
  form: { nameZh: '形式', nameEn: 'Form' },
  grammar: { nameZh: '语法', nameEn: 'Grammar' },
  development: { nameZh: '发展、结构与连贯', nameEn: 'Development, structure and coherence' },
  'linguistic-range': { nameZh: '语言范围', nameEn: 'General linguistic range' },
  spelling: { nameZh: '拼写', nameEn: 'Spelling' },
};

/** Form by answer length: the first band holding the word count gives the score; none gives 0. */
export interface WordCountBand {
  minWords: number;
  maxWords: number;
  score: number;
}

/** Spelling, grammar, vocabulary by error count: the first band whose `maxErrors` covers the count gives the score; none gives 0. */
export interface ErrorBand {
  maxErrors: number;
  score: number;
}

/** RS content by the share of the sentence's words said in order: first band reached wins; below all, 0. */
export interface ShareBand {
  minShare: number;
  score: number;
}

export interface TraitSpec {
  trait: TraitId;
  /**
   * Highest score. `words-in-text` means one point per word of the text read (RA content: "each
   * omitted, inserted or replaced word is an error", so the maximum is the text's length).
   */
  max: number | 'words-in-text';
  wordCountBands?: readonly WordCountBand[];
  /** Form also needs a single sentence (SWT). */
  requiresOneSentence?: boolean;
  errorBands?: readonly ErrorBand[];
  shareBands?: readonly ShareBand[];
}

/**
 * How much one item counts towards a skill's estimate, relative to the other items of that skill.
 * A type feeds the skills listed here and no others.
 */
export type SkillWeights = Partial<Record<Skill, number>>;

export interface TypeScoring {
  rule: ScoringRuleKind;
  /** Traits in report order; empty for objective rules, whose score is simply right answers. */
  traits: readonly TraitSpec[];
  /** Traits that, when 0, make the whole item 0 (pte-rules §Gate rules for open answers). */
  gates: readonly TraitId[];
  skills: SkillWeights;
}

/**
 * Thresholds of the measured writing traits (SWT, WE, SST). Pearson publishes descriptors, not
 * numbers, so these are our reading of them, calibrated on the bank's sample answers (each must
 * score full marks) and kept here so that a change is a new profile, not a code edit.
 */
export interface WritingRubric {
  /** Content: an answer whose content words are under this share found in the source is off topic. */
  minRelevantShare: number;
  /** WE content: fewer content words shared with the prompt than this is off topic. */
  minPromptWordsShared: number;
  /** Vocabulary (WE): a moving-average type–token ratio (window 50) under this caps the trait at 1. */
  minLexicalDiversity: number;
  /** Linguistic range: spread (standard deviation, words) of sentence lengths counted as varied. */
  minSentenceLengthSpread: number;
  /** Linguistic range: share of sentences with a subordinate clause counted as complex syntax. */
  minComplexSentenceShare: number;
  /** Linguistic range: no more than this share of sentences may open with the same word. */
  maxSameOpeningShare: number;
  /** Development: distinct linking expressions a coherent essay uses at least. */
  minLinkingExpressions: number;
  /** Development: paragraphs (separated by a blank line) an essay needs. */
  minParagraphs: number;
}

/** A score scale from a penalty: at or below `a` nats/frame the top, at or above `b` the bottom. */
export interface PenaltyScale {
  a: number;
  b: number;
}

/**
 * Constants of the speaking scorers (speech-engine.md §7.4). They were fitted on synthetic espeak
 * speech with the 16 kHz model and must be refitted on real recordings: a refit is a new profile,
 * not a code edit. Penalties are in nats per frame; scores on the 10–90 scale unless named 0–5.
 */
export interface SpeakingRubric {
  /** Word penalty `−scale · Σ ln(max(p, floor)) / Σ frames` (§7.4 Word penalty). */
  penaltyScale: number;
  penaltyFloorP: number;
  /** Word score 10–90 (§7.4: A = 4.5 median good word, B = 10 median substituted word). */
  word: PenaltyScale;
  /** Phone score 10–90 (§7.4: A = 4.5, B = 12). */
  phone: PenaltyScale;
  /** Omitted word: penalty at least this and every phone at the minimum frame count (§7.4). */
  omittedMinPenalty: number;
  omittedFramesPerPhone: number;
  /** Word verdicts by word score (§7.4 Colours): ≥ good → good, ≥ unclear → unclear, else bad. */
  goodMinScore: number;
  unclearMinScore: number;
  /** A recognised keyword or answer counts when every word's penalty is below this (§7.3: B). */
  recognisedMaxPenalty: number;
  /** Pronunciation 0–5 is rounded to this step, and capped when too few words were said (§7.4). */
  pronunciationStep: number;
  pronunciationCapBelowSaidShare: number;
  pronunciationCap: number;
  /** Fluency (§7.4): fillers of at least this long count as hesitations (adjacent ones merged). */
  minFillerSeconds: number;
  /** Words the engine names fillers. */
  fillerWords: readonly string[];
  /** A pause longer than this, not at punctuation, is a hesitation (H). */
  hesitationPauseSeconds: number;
  /** A pause at least this long is a long pause (L), wherever it falls. */
  longPauseSeconds: number;
  hesitationCost: number;
  longPauseCost: number;
  /** Rate penalty R: `outside` below `minWpm` or above `maxWpm`, `slow` below `slowWpm`. */
  minWpm: number;
  slowWpm: number;
  maxWpm: number;
  outsideRateCost: number;
  slowRateCost: number;
  /** Fluency is capped at `shortRunCap` when the longest run between pauses is under this. */
  minLongestRun: number;
  shortRunCap: number;
  /** §7.4 suggestion: content 0 also reports fluency and pronunciation as 0. */
  zeroOthersWhenContentZero: boolean;
  /**
   * Weights of the 10–90 estimate `10 + 80 · (w_c·C/C_max + w_f·F/5 + w_p·P/5)` per type (§7.4:
   * RA, RS 1/3 each; DI, RL 0.4/0.3/0.3; RTS and SGD are open tasks like DI). ASQ is 90 or 10.
   */
  estimateWeights: Partial<
    Record<ItemTypeCode, { content: number; fluency: number; pronunciation: number }>
  >;
}

export interface ScoringProfile {
  id: ScoringProfileId;
  labelZh: string;
  labelEn: string;
  /** Types this profile scores; PI is never scored and RTS/SGD did not exist before 2025. */
  types: Partial<Record<ItemTypeCode, TypeScoring>>;
  writing: WritingRubric;
  speaking: SpeakingRubric;
}

const speechTraits = (content: TraitSpec): TraitSpec[] => [
  content,
  { trait: 'pronunciation', max: 5 },
  { trait: 'fluency', max: 5 },
];

/** RS content (pte-rules §Part 1): 3 all words in order, 2 ≥ 50 %, 1 < 50 %, 0 almost none. */
const RS_CONTENT: TraitSpec = {
  trait: 'content',
  max: 3,
  // "Almost none" has no published threshold: we read it as under 10 % of the words.
  shareBands: [
    { minShare: 1, score: 3 },
    { minShare: 0.5, score: 2 },
    { minShare: 0.1, score: 1 },
  ],
};

/** Spelling 0–2: no error 2, one error 1, more 0 (pte-rules §Part 3, SST; WE reads the same way). */
const SPELLING: TraitSpec = {
  trait: 'spelling',
  max: 2,
  errorBands: [
    { maxErrors: 0, score: 2 },
    { maxErrors: 1, score: 1 },
  ],
};

/** SWT form 0–1: one sentence of 5–75 words (pte-rules §Part 1). */
const SWT_FORM: TraitSpec = {
  trait: 'form',
  max: 1,
  requiresOneSentence: true,
  wordCountBands: [{ minWords: 5, maxWords: 75, score: 1 }],
};

/**
 * WE form 0–2. pte-rules gives only the 200–300 target; the partial band (120–199 or 301–380
 * words → 1) is the one in Pearson's score guide.
 */
const WE_FORM: TraitSpec = {
  trait: 'form',
  max: 2,
  wordCountBands: [
    { minWords: 200, maxWords: 300, score: 2 },
    { minWords: 120, maxWords: 199, score: 1 },
    { minWords: 301, maxWords: 380, score: 1 },
  ],
};

/** SST form: 50–70 → 2; 40–49 or 71–100 → 1; otherwise 0 (pte-rules §Part 3). */
const SST_FORM: TraitSpec = {
  trait: 'form',
  max: 2,
  wordCountBands: [
    { minWords: 50, maxWords: 70, score: 2 },
    { minWords: 40, maxWords: 49, score: 1 },
    { minWords: 71, maxWords: 100, score: 1 },
  ],
};

/**
 * Grammar 0–2 by the errors the checker finds. SWT and SST (one sentence; 50–70 words): 2 "correct
 * grammatical structure", 1 "errors that do not hinder", 0 "defective structure" — none, up to 2,
 * more. WE (200–300 words): 2 "errors are rare", 1 "no mistakes that lead to misunderstanding" —
 * up to 1, up to 4, more. (Pearson's score guide descriptors, read as counts.)
 */
const SHORT_GRAMMAR: TraitSpec = {
  trait: 'grammar',
  max: 2,
  errorBands: [
    { maxErrors: 0, score: 2 },
    { maxErrors: 2, score: 1 },
  ],
};
const WE_GRAMMAR: TraitSpec = {
  trait: 'grammar',
  max: 2,
  errorBands: [
    { maxErrors: 1, score: 2 },
    { maxErrors: 4, score: 1 },
  ],
};
/** Vocabulary 0–2 by lexical errors (wrong word, malapropism): up to 1 → 2, up to 3 → 1, more → 0. */
const VOCABULARY: TraitSpec = {
  trait: 'vocabulary',
  max: 2,
  errorBands: [
    { maxErrors: 1, score: 2 },
    { maxErrors: 3, score: 1 },
  ],
};

const WRITING_RUBRIC: WritingRubric = {
  minRelevantShare: 0.2,
  minPromptWordsShared: 2,
  minLexicalDiversity: 0.6,
  minSentenceLengthSpread: 4,
  minComplexSentenceShare: 0.3,
  maxSameOpeningShare: 0.34,
  minLinkingExpressions: 4,
  minParagraphs: 3,
};

const THIRDS = { content: 1 / 3, fluency: 1 / 3, pronunciation: 1 / 3 };
const OPEN_TASK = { content: 0.4, fluency: 0.3, pronunciation: 0.3 };

/** speech-engine.md §7.4, every constant as written there. */
const SPEAKING_RUBRIC: SpeakingRubric = {
  penaltyScale: 1024,
  penaltyFloorP: 5e-4,
  word: { a: 4.5, b: 10 },
  phone: { a: 4.5, b: 12 },
  omittedMinPenalty: 12,
  omittedFramesPerPhone: 3,
  goodMinScore: 70,
  unclearMinScore: 45,
  recognisedMaxPenalty: 10,
  pronunciationStep: 0.5,
  pronunciationCapBelowSaidShare: 0.5,
  pronunciationCap: 2,
  minFillerSeconds: 0.15,
  fillerWords: ['um', 'uh', 'er', 'ah', 'hmm', 'mm'],
  hesitationPauseSeconds: 0.35,
  longPauseSeconds: 1,
  hesitationCost: 0.5,
  longPauseCost: 1.5,
  minWpm: 90,
  slowWpm: 110,
  maxWpm: 200,
  outsideRateCost: 1,
  slowRateCost: 0.5,
  minLongestRun: 3,
  shortRunCap: 1,
  zeroOthersWhenContentZero: true,
  estimateWeights: {
    RA: THIRDS,
    RS: THIRDS,
    DI: OPEN_TASK,
    RL: OPEN_TASK,
    RTS: OPEN_TASK,
    SGD: OPEN_TASK,
  },
};

const objective = (rule: ScoringRuleKind, skills: SkillWeights): TypeScoring => ({
  rule,
  traits: [],
  gates: [],
  skills,
});
const CONTENT_GATE: readonly TraitId[] = ['content'];
const WRITING_GATES: readonly TraitId[] = ['content', 'form'];

/*
 * Skill weights. Pearson publishes which skills an item feeds but not by how much, so every
 * estimate is labelled as one. Our table counts an item fully (weight 1) in each skill it feeds:
 * Pearson describes integrated items as contributing to both skills, not as split between them,
 * and halving them would make RS and WFD, which prep companies rank among the weightiest items,
 * count for less than DI or LMCS. Pass an edited copy of a profile to change them.
 *
 * | type  | pte-2024              | pte-2025-08           |
 * |-------|-----------------------|-----------------------|
 * | RA    | speaking 1, reading 1 | speaking 1            |
 * | RS    | speaking 1, listen. 1 | speaking 1, listen. 1 |
 * | DI    | speaking 1            | speaking 1            |
 * | RL    | speaking 1, listen. 1 | speaking 1, listen. 1 |
 * | ASQ   | speaking 1, listen. 1 | listening 1           |
 * | RTS   | —                     | speaking 1            |
 * | SGD   | —                     | speaking 1, listen. 1 |
 * | SWT   | writing 1, reading 1  | writing 1, reading 1  |
 * | WE    | writing 1             | writing 1             |
 * | RWFIB | reading 1, writing 1  | reading 1             |
 * | RMCM, RO, RFIB, RMCS | reading 1 | reading 1         |
 * | SST   | listen. 1, writing 1  | listen. 1, writing 1  |
 * | LMCM, LMCS, SMW | listening 1 | listening 1          |
 * | LFIB  | listen. 1, writing 1  | listening 1           |
 * | HCS   | listen. 1, reading 1  | listen. 1, reading 1  |
 * | HIW   | listen. 1, reading 1  | listen. 1, reading 1  |
 * | WFD   | listen. 1, writing 1  | listen. 1, writing 1  |
 *
 * The 2025 column follows pte-rules §Scale and report; the 2024 column is Pearson's pre-update
 * score guide (RA also fed reading, ASQ speaking, RWFIB writing, LFIB writing).
 */
const S = { speaking: 1 } as const;
const SL = { speaking: 1, listening: 1 } as const;
const SR = { speaking: 1, reading: 1 } as const;
const W = { writing: 1 } as const;
const WR = { writing: 1, reading: 1 } as const;
const R = { reading: 1 } as const;
const L = { listening: 1 } as const;
const LW = { listening: 1, writing: 1 } as const;
const LR = { listening: 1, reading: 1 } as const;

/** Types scored the same way before and after the 2025 update. */
const UNCHANGED = {
  RS: { rule: 'traits', traits: speechTraits(RS_CONTENT), gates: CONTENT_GATE, skills: SL },
  SWT: {
    rule: 'traits',
    traits: [{ trait: 'content', max: 2 }, SWT_FORM, SHORT_GRAMMAR, VOCABULARY],
    gates: WRITING_GATES,
    skills: WR,
  },
  RMCM: objective('plus-minus-floor0', R),
  RO: objective('adjacent-pairs', R),
  RFIB: objective('per-blank', R),
  RMCS: objective('single-choice', R),
  LMCM: objective('plus-minus-floor0', L),
  HCS: objective('single-choice', LR),
  LMCS: objective('single-choice', L),
  SMW: objective('single-choice', L),
  HIW: objective('plus-minus-floor0', LR),
  WFD: objective('per-word', LW),
} satisfies Partial<Record<ItemTypeCode, TypeScoring>>;

const RA_TRAITS = speechTraits({ trait: 'content', max: 'words-in-text' });
const ASQ_TRAITS: TraitSpec[] = [{ trait: 'vocabulary', max: 1 }];

const PTE_2024: ScoringProfile = {
  id: 'pte-2024',
  labelZh: '2025 年 8 月改革前',
  labelEn: 'PTE Academic before the August 2025 update',
  types: {
    ...UNCHANGED,
    RA: { rule: 'traits', traits: RA_TRAITS, gates: CONTENT_GATE, skills: SR },
    DI: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 5 }),
      gates: CONTENT_GATE,
      skills: S,
    },
    RL: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 5 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    ASQ: { rule: 'traits', traits: ASQ_TRAITS, gates: [], skills: SL },
    WE: {
      rule: 'traits',
      traits: [
        { trait: 'content', max: 3 },
        WE_FORM,
        { trait: 'development', max: 2 },
        WE_GRAMMAR,
        { trait: 'linguistic-range', max: 2 },
        VOCABULARY,
        SPELLING,
      ],
      gates: WRITING_GATES,
      skills: W,
    },
    RWFIB: objective('per-blank', { reading: 1, writing: 1 }),
    SST: {
      rule: 'traits',
      traits: [{ trait: 'content', max: 2 }, SST_FORM, SHORT_GRAMMAR, VOCABULARY, SPELLING],
      gates: WRITING_GATES,
      skills: LW,
    },
    LFIB: objective('per-blank', LW),
  },
  writing: WRITING_RUBRIC,
  speaking: SPEAKING_RUBRIC,
};

const PTE_2025_08: ScoringProfile = {
  id: 'pte-2025-08',
  labelZh: '2025 年 8 月改革后',
  labelEn: 'PTE Academic from the August 2025 update',
  types: {
    ...UNCHANGED,
    RA: { rule: 'traits', traits: RA_TRAITS, gates: CONTENT_GATE, skills: S },
    DI: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: S,
    },
    RL: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    ASQ: { rule: 'traits', traits: ASQ_TRAITS, gates: [], skills: L },
    RTS: {
      rule: 'traits',
      traits: speechTraits({ trait: 'appropriacy', max: 6 }),
      // Appropriacy is RTS's content trait, so the speaking content gate applies to it.
      gates: ['appropriacy'],
      skills: S,
    },
    SGD: {
      rule: 'traits',
      traits: speechTraits({ trait: 'content', max: 6 }),
      gates: CONTENT_GATE,
      skills: SL,
    },
    WE: {
      rule: 'traits',
      traits: [
        { trait: 'content', max: 6 },
        WE_FORM,
        { trait: 'development', max: 6 },
        WE_GRAMMAR,
        { trait: 'linguistic-range', max: 6 },
        VOCABULARY,
        SPELLING,
      ],
      gates: WRITING_GATES,
      skills: W,
    },
    RWFIB: objective('per-blank', R),
    SST: {
      rule: 'traits',
      traits: [{ trait: 'content', max: 4 }, SST_FORM, SHORT_GRAMMAR, VOCABULARY, SPELLING],
      gates: WRITING_GATES,
      skills: LW,
    },
    LFIB: objective('per-blank', L),
  },
  writing: WRITING_RUBRIC,
  speaking: SPEAKING_RUBRIC,
};

export const scoringProfiles: Record<ScoringProfileId, ScoringProfile> = {
  'pte-2024': PTE_2024,
  'pte-2025-08': PTE_2025_08,
};

export const CURRENT_SCORING_PROFILE_ID: ScoringProfileId = CURRENT_PTE_VERSION;
export const CURRENT_SCORING_PROFILE: ScoringProfile = scoringProfiles[CURRENT_SCORING_PROFILE_ID];

/** Plain-language statement of the gates, for analysis pages. */
export const GATE_RULES_ZH =
  'SWT、SST、WE：形式或内容得 0 分，整题 0 分；口语题：内容得 0 分，整题 0 分。';

function resolveProfile(profile: ScoringProfileId | ScoringProfile): ScoringProfile {
  return typeof profile === 'string' ? scoringProfiles[profile] : profile;
}

/** How a profile scores a type. Throws for a type the profile does not score (PI; RTS/SGD in 2024). */
export function getTypeScoring(
  type: ItemTypeCode,
  profile: ScoringProfileId | ScoringProfile = CURRENT_SCORING_PROFILE,
): TypeScoring {
  const resolved = resolveProfile(profile);
  const scoring = resolved.types[type];
  if (!scoring) throw new Error(`Scoring profile ${resolved.id} does not score ${type}`);
  return scoring;
}

/** The skills a type feeds under a profile, in report order. */
export function skillsFedBy(
  type: ItemTypeCode,
  profile: ScoringProfileId | ScoringProfile = CURRENT_SCORING_PROFILE,
): Skill[] {
  const { skills } = getTypeScoring(type, profile);
  return (['speaking', 'writing', 'reading', 'listening'] as const).filter(
    (skill) => (skills[skill] ?? 0) > 0,
  );
}

/**
 * Scoring units of an item: what one point is given for. Blanks for fill-in types, correct
 * options for multiple-answer types, changed words for HIW, adjacent pairs for RO, words for WFD.
 */
function objectiveUnits(item: Item): number {
  switch (item.type) {
    case 'RWFIB':
    case 'RFIB':
      return findBlanks(item.content.passage).length;
    case 'LFIB':
      return findBlanks(item.content.transcript).length;
    case 'RMCM':
    case 'LMCM':
      return item.key.correct.length;
    case 'HIW':
      return item.key.changes.length;
    case 'RO':
      return item.content.paragraphs.length - 1;
    case 'WFD':
      return toWords(item.key.sentence).length;
    default:
      return 1;
  }
}

function traitMax(spec: TraitSpec, item: Item | undefined): number | null {
  if (typeof spec.max === 'number') return spec.max;
  return item?.type === 'RA' ? countWords(item.content.text) : null;
}

/**
 * The highest raw score of an item under a profile (default: the current one). Given an item it
 * is exact. Given a type code it is the fixed maximum, or null where the maximum depends on the
 * item (blanks, correct options, words, RA's text length).
 */
export function maxRawScore(item: Item, profile?: ScoringProfileId | ScoringProfile): number;
export function maxRawScore(
  type: ItemTypeCode,
  profile?: ScoringProfileId | ScoringProfile,
): number | null;
export function maxRawScore(
  subject: Item | ItemTypeCode,
  profile: ScoringProfileId | ScoringProfile = CURRENT_SCORING_PROFILE,
): number | null {
  const item = typeof subject === 'string' ? undefined : subject;
  const type = typeof subject === 'string' ? subject : subject.type;
  const scoring = getTypeScoring(type, profile);
  switch (scoring.rule) {
    case 'single-choice':
      return 1;
    case 'traits': {
      let total = 0;
      for (const spec of scoring.traits) {
        const max = traitMax(spec, item);
        if (max === null) return null;
        total += max;
      }
      return total;
    }
    default:
      return item ? objectiveUnits(item) : null;
  }
}
