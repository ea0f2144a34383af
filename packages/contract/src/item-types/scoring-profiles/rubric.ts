/**
 * The shape of a scoring profile: how an item's raw score is made (the rule), its traits and
 * their bands, which traits zero the item (gates), the skills it feeds, and the constants of the
 * measured writing and speaking traits. The profiles themselves are pte-2024.ts, pte-2025-08.ts.
 */
import { z } from 'zod';
import type { ItemTypeCode, Skill } from '../catalogue';
import type { PteVersion } from '../versions';

/**
 * A scoring profile is named after the format version it belongs to; a revision of the rules for
 * the same format gets a suffix (pte-2025-08-r2), so attempts and papers scored before keep the
 * id of the rules they were scored with.
 */
export const ScoringProfileIdSchema = z
  .enum([
    'pte-2024',
    'pte-2025-08',
    'pte-2025-08-r2',
    'pte-2025-08-r3',
    'pte-2025-08-r4',
    'pte-2025-08-r5',
    'pte-2025-08-r6',
    'pte-2025-08-r7',
    'pte-2025-08-r9',
    'pte-2025-08-r10',
    'pte-2025-08-r11',
    'pte-2025-08-r12',
    'pte-2025-08-r13',
    'pte-2025-08-r14',
    'pte-2025-08-r15',
  ])
  .meta({ id: 'ScoringProfileId', description: '评分规则版本' });
export type ScoringProfileId = z.infer<typeof ScoringProfileIdSchema>;

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

/**
 * Grammar and vocabulary by errors per 100 words (pte-2025-08-r2): the first band whose
 * `maxPer100Words` covers the density gives the score; none gives 0. A text shorter than
 * `minWords` counts as that long, so one slip in a one-sentence summary is not a band.
 */
export interface ErrorDensityBand {
  maxPer100Words: number;
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
  /** When present, used instead of `errorBands`. */
  errorDensityBands?: readonly ErrorDensityBand[];
  /** The fewest words a density is computed over (see ErrorDensityBand). */
  densityMinWords?: number;
  /**
   * SWT (pte-2025-08-r2): a single sentence without its final full stop keeps form (Pearson's rule
   * is one complete sentence; the stop is advice) and gets a hint.
   */
  finalStopIsHint?: boolean;
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
  /**
   * …or penalty at least omittedMinPenalty and phones this short on average (issue 15: forced
   * alignment squeezes a word not said, but not always every phone to the minimum).
   */
  omittedMaxMeanFrames?: number;
  /** A read word is a content error from this penalty on; default word.b (issue 15 refit). */
  contentErrorPenalty?: number;
  /**
   * A reading where at least `share` of the words have a penalty of `penalty` or more is not the
   * text (another sentence, off-topic): every word counts as a content error (issue 15). Words
   * said with fewer than `minPhones` phones are left out of the share (issue 15: "the", "of" fit
   * a stretch of any speech, and kept another text's share under `share`).
   */
  offTopic?: { penalty: number; share: number; minPhones?: number };
  /**
   * Goodness of pronunciation (issue 15): when the engine also decoded the free phones, a read
   * word is judged by how far its aligned phones fall below them (nats per frame, averaged over
   * its phones) instead of its raw penalty: its 10–90 score on `scale`, a content error from
   * `contentErrorAt`, and "far" for the off-topic share from `offTopicAt`. A content error also
   * needs a penalty of at least `minPenalty`: a short word's few phones make its goodness noisy,
   * and a word whose phones fit the reference well is not wrong.
   */
  goodness?: {
    scale: PenaltyScale;
    contentErrorAt: number;
    offTopicAt: number;
    minPenalty?: number;
    /**
     * A reading's words judged against the reading's own typical word (issue 15): when the
     * median goodness of its aligned words is above `typical` (a voice or a room the model fits
     * worse lifts every word), each word's goodness is taken that much lower, by at most
     * `maxShift`, for its score, its verdict and content errors. The off-topic share stays on
     * the goodness itself: another text lifts every word too.
     */
    clip?: { typical: number; maxShift: number };
    /**
     * How a read word's goodness is made of its phones': their mean (before r6), or its worst
     * phone's, which a substitute always has and the mean dilutes (issue 15). Recognised words
     * of open answers keep the mean.
     */
    readWord?: 'mean' | 'worst-phone';
    /**
     * A read word the engine's search took as one of its competitors (a dictionary word one
     * phone away, issue 15) is a content error and scores at most `maxScore` (10–90; below it
     * by its goodness, so such words keep an order); with `minGoodness`, only when its judged
     * goodness is at least that too. Without it the engine's competitor is ignored, as before.
     */
    competitor?: { maxScore: number; minGoodness?: number };
    /**
     * A read word squeezed into too little time (issue 15): of `minPhones` or more, with at
     * least `share` of its phones at the shortest a phone can last (`omittedFramesPerPhone`).
     * The search pressed the word onto a few frames of other speech, as for an unrelated word
     * said in its place, however well those frames fit: a content error, scored at most
     * `maxScore`. Not applied without it.
     */
    squeezed?: {
      minPhones: number;
      share: number;
      maxScore: number;
      /**
       * Applied only when the reading's median phone lasts at least this many frames: read
       * fast, most phones are short anyway. Applied at every rate without it.
       */
      minTypicalFrames?: number;
    };
  };
  /** Word verdicts by word score (§7.4 Colours): ≥ good → good, ≥ unclear → unclear, else bad. */
  goodMinScore: number;
  unclearMinScore: number;
  /** A recognised keyword or answer counts when every word's penalty is below this (§7.3: B). */
  recognisedMaxPenalty: number;
  /**
   * Answers decoded by the keyword grammar (DI, RL, RTS, SGD; issue 15), when the engine also
   * decoded their free phones: a recognised word is heard only when its goodness (as `goodness`
   * measures it) is below `heardMaxGoodness`, so a keyword the grammar put on other speech does
   * not prove a key point; the speaking rate counts `phonesPerWord` phones of speech (words and
   * filler phones) as a word, since the grammar invents short words between its keywords; and
   * immediate repetitions are not hesitations, the grammar's repeats being its own.
   */
  openAnswers?: {
    heardMaxGoodness: number;
    phonesPerWord: number;
    /**
     * The limit follows the speaker (pte-2025-08-r7): a voice the model fits worse costs more
     * per frame in the free phones too, and its real keywords' goodness runs higher. The limit
     * is heardMaxGoodness + slope × (the answer's free phones' cost per frame − reference),
     * raised by at most maxRaise and lowered by at most maxLower.
     */
    voice?: { reference: number; slope: number; maxRaise: number; maxLower: number };
    /**
     * Whole-answer check (issue 15: templates, off-topic answers): the key points proven must
     * add up to at least this much evidence, each the margin (nats/frame) by which its keyword
     * is under the limit; less is a template or off-topic risk, and the content is 0.
     */
    minEvidence?: number;
    /**
     * Only answers proving at most this many key points can be a template or off-topic risk
     * (pte-2025-08-r10): two distinct key points heard are rarely both invented, however close
     * to the limit, where one weak find often is. Without it any answer can be.
     */
    templateMaxPoints?: number;
    /**
     * In the whole-answer check, a keyword heard only through one of its spoken variants
     * (non-rhotic or reduced-vowel forms, ADR 0027) proves its point by this much less, in
     * nats/frame (pte-2025-08-r14): a variant gives the search one more way to claim a stretch
     * of speech the learner filled with other words.
     */
    variantEvidenceCost?: number;
    /**
     * Single-word keywords that prove no key point while the point has another keyword
     * (pte-2025-08-r11): they sound like a function word the keyword grammar hears in any
     * answer ("due" is "do": "do you have a minute" proved "the report is due").
     */
    soundAlikeKeywords?: readonly string[];
  };
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

/** The eight categories of the official skills profile (next-features §1.3). */
export const SkillsProfileCategoryIdSchema = z
  .enum([
    'open-response',
    'reproducing',
    'extended-writing',
    'short-writing',
    'extended-speaking',
    'short-speaking',
    'multiple-skills',
    'single-skill',
  ])
  .meta({ id: 'SkillsProfileCategoryId', description: '能力档案的八个类别' });
export type SkillsProfileCategoryId = z.infer<typeof SkillsProfileCategoryIdSchema>;

export interface SkillsProfileCategory {
  id: SkillsProfileCategoryId;
  nameZh: string;
  nameEn: string;
  /** The item types whose results make up the category. */
  types: readonly ItemTypeCode[];
}

/**
 * How a mock's item results become skill scores with a range (issue 13). Pearson publishes no
 * error model, so these are our own numbers, named by `calibrationId` on every report: a change
 * is a new calibration, not a code edit.
 */
export interface MockAggregationRules {
  /** Shown on the report beside the profile, e.g. `ninety-mock-2026-11`. */
  calibrationId: string;
  /**
   * Standard error, on the 10–90 scale, of one item's estimate as a measure of the skill, per
   * type. Open-answer speech (DI, RL, RTS, SGD) is the least certain: its content is judged from
   * keywords by a machine. A skill's error is the weighted mean's: fewer items → wider.
   */
  itemSd: Partial<Record<ItemTypeCode, number>>;
  /**
   * An item that could not be scored: its result could be anywhere on 10–90, whose standard
   * deviation is 80/√12 ≈ 23.1. It adds (its weight share × this)² to the skill's variance.
   */
  unscoredItemSd: number;
  /** Our estimates' own error against the real test, added to every range (in quadrature). */
  calibrationSd: number;
  /** A range is score ± z × standard error: 1.645 makes it a 90 % range. */
  rangeZ: number;
  /**
   * An item type (or trait) counts as a strength at least `strengthMargin` above the learner's
   * overall (and at `strengthMin` or more), a weakness `weaknessMargin` below it or under
   * `weaknessBelow`. A trait is strong at `strongTraitShare` of its points, weak under
   * `weakTraitShare`.
   */
  strengthMargin: number;
  strengthMin: number;
  weaknessMargin: number;
  weaknessBelow: number;
  strongTraitShare: number;
  weakTraitShare: number;
  skillsProfile: readonly SkillsProfileCategory[];
}

export interface ScoringProfile {
  id: ScoringProfileId;
  /** The test format the profile scores. */
  pteVersion: PteVersion;
  labelZh: string;
  labelEn: string;
  /** Types this profile scores; PI is never scored and RTS/SGD did not exist before 2025. */
  types: Partial<Record<ItemTypeCode, TypeScoring>>;
  writing: WritingRubric;
  speaking: SpeakingRubric;
  /** Skill scores and ranges of a mock exam. */
  mock: MockAggregationRules;
}
