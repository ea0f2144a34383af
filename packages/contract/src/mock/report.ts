import { z } from 'zod';
import { ItemTypeCodeSchema } from '../item-types/catalogue';
import {
  ScoringProfileIdSchema,
  SkillsProfileCategoryIdSchema,
  TraitIdSchema,
} from '../item-types/scoring-profiles';

/**
 * A mock's skill scores (issue 13): overall and the four communicative skills on 10–90, each with
 * the range it may really lie in, the items that could not be scored, and the skills profile.
 * Computed by `aggregateMockScores` (@ninety/scoring); stored with the paper so a report can be
 * re-read exactly.
 */

export const SkillScoreSchema = z
  .object({
    /** 10–90, or null when no scored item fed it. */
    score: z.int().min(10).max(90).nullable(),
    /** The range the score may really lie in (90 %), inside 10–90; null with the score. */
    low: z.int().min(10).max(90).nullable(),
    high: z.int().min(10).max(90).nullable(),
    itemsScored: z.int().min(0),
    /** Items that fed this skill but could not be scored: excluded, and they widen the range. */
    itemsUnscored: z.int().min(0),
    /** The item types that fed it. */
    types: z.array(ItemTypeCodeSchema),
  })
  .meta({ id: 'SkillScore', description: '单项（或总分）估分及其区间' });
export type SkillScore = z.infer<typeof SkillScoreSchema>;

export const UnscoredItemSchema = z.object({
  itemId: z.string(),
  type: ItemTypeCodeSchema,
  reasonZh: z.string(),
});
export type UnscoredItem = z.infer<typeof UnscoredItemSchema>;

export const TraitSummarySchema = z.object({
  trait: TraitIdSchema,
  score: z.number().min(0),
  max: z.number().min(0),
  /** score / max, 0–1. */
  share: z.number().min(0).max(1),
});
export type TraitSummary = z.infer<typeof TraitSummarySchema>;

export const TypeSummarySchema = z.object({
  type: ItemTypeCodeSchema,
  /** Mean 10–90 estimate of the type's scored items. */
  score: z.int().min(10).max(90),
  items: z.int().min(1),
  /** Trait totals across the type's items (trait-scored types only). */
  traits: z.array(TraitSummarySchema),
});
export type TypeSummary = z.infer<typeof TypeSummarySchema>;

export const SkillsProfileEntrySchema = z.object({
  id: SkillsProfileCategoryIdSchema,
  nameZh: z.string(),
  nameEn: z.string(),
  score: z.int().min(10).max(90).nullable(),
  /** Against the learner's own overall; null when nothing fed the category. */
  level: z.enum(['strong', 'average', 'weak']).nullable(),
  types: z.array(ItemTypeCodeSchema),
});
export type SkillsProfileEntry = z.infer<typeof SkillsProfileEntrySchema>;

export const ProfileNoteSchema = z.object({
  type: ItemTypeCodeSchema,
  /** Set when the note is about one trait of the type (发音, 内容, 拼写…). */
  trait: TraitIdSchema.nullable(),
  textZh: z.string(),
});
export type ProfileNote = z.infer<typeof ProfileNoteSchema>;

export const PracticeSuggestionSchema = z.object({
  /** The practice page is the type's route segment (typeCode). */
  type: ItemTypeCodeSchema,
  reasonZh: z.string(),
});
export type PracticeSuggestion = z.infer<typeof PracticeSuggestionSchema>;

export const MockScoreReportSchema = z
  .object({
    scoringProfileId: ScoringProfileIdSchema,
    calibrationId: z.string(),
    /** Always shown: these are practice estimates, not Pearson scores. */
    labelZh: z.string(),
    noteZh: z.string(),
    overall: SkillScoreSchema,
    skills: z.object({
      speaking: SkillScoreSchema,
      writing: SkillScoreSchema,
      reading: SkillScoreSchema,
      listening: SkillScoreSchema,
    }),
    unscoredItems: z.array(UnscoredItemSchema),
    typeSummaries: z.array(TypeSummarySchema),
    skillsProfile: z.array(SkillsProfileEntrySchema),
    strengths: z.array(ProfileNoteSchema),
    weaknesses: z.array(ProfileNoteSchema),
    practiceNext: z.array(PracticeSuggestionSchema),
  })
  .meta({ id: 'MockScoreReport', description: '模考估分：总分、四项技能（含区间）与能力档案' });
export type MockScoreReport = z.infer<typeof MockScoreReportSchema>;
