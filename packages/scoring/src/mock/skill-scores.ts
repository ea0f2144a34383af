import {
  CURRENT_SCORING_PROFILE,
  type ItemTypeCode,
  type MockScoreReport,
  type ScoringProfile,
  type Skill,
  type SkillScore,
  SkillSchema,
  type TraitId,
  type UnscoredItem,
} from '@ninety/contract';
import { estimateItemScore } from '../estimate';
import { buildSkillsProfile } from './skills-profile';

/**
 * Skill aggregation of a mock (issue 13): from each item's scored result and the versioned
 * scoring profile, overall and the four skills on 10–90, each with a range. Pure.
 *
 * A skill's score is the weighted mean of the 10–90 estimates of the items feeding it (weights
 * from the profile: pte-rules §Scale and report). Its range is score ± z·SE, where SE² is
 * - the weighted mean's own variance, Σ(w·σ_type)² / (Σw)², so fewer items or less certain types
 *   (open-answer speech) give a wider range;
 * - plus, for items that could not be scored, (their weight share × σ_unscored)²: their results
 *   could lie anywhere on 10–90, so they widen the range instead of counting as 0 or 10;
 * - plus the calibration's own error, σ_cal².
 * The overall is the same over every item, each weighted by the sum of its skill weights
 * (pte-rules: "based on performance on all items", not a mean of the four skills).
 */

/** What a mock item's result must carry: practice's stored AttemptResult has all of it. */
export interface MockResultInput {
  score: number;
  max: number;
  /** A spoken item's own 10–90 estimate (speech-engine.md §7.4), used instead of the linear one. */
  estimate?: number;
  traits?: readonly { trait: TraitId; score: number; max: number }[];
  /** Set when the speech engine could not score the recording. */
  unscored?: { messageZh: string } | null;
}

export interface MockItemOutcome {
  itemId: string;
  type: ItemTypeCode;
  /** The stored result; null when scoring failed for good (after the queue's retries). */
  result: MockResultInput | null;
  /** Why it has no result, when `result` is null, in Chinese, for the report. */
  failureZh?: string;
}

export const MOCK_LABEL_ZH = '练习估分';
export const MOCK_NOTE_ZH =
  '本成绩是按本站评分规则得出的练习估分，不是 Pearson 官方成绩；区间表示真实水平大致所在的范围（约 90% 把握），题目越少、开放式口语题越多，区间越宽。未能评分的题目不计入分数，只会让区间变宽。';
const FAILED_ZH = '这道题未能完成评分，已从估分中排除。';

/** One scored item as the aggregation sees it. */
export interface ScoredItem {
  itemId: string;
  type: ItemTypeCode;
  estimate: number;
  traits: readonly { trait: TraitId; score: number; max: number }[];
}

function whyUnscored(outcome: MockItemOutcome): string | null {
  const { result } = outcome;
  if (!result) return outcome.failureZh ?? FAILED_ZH;
  if (result.unscored) return result.unscored.messageZh;
  if (!(result.max > 0)) return FAILED_ZH;
  return null;
}

function itemEstimate(result: MockResultInput): number {
  return result.estimate ?? estimateItemScore(result.score, result.max);
}

interface Feed {
  weight: number;
  type: ItemTypeCode;
  /** null: the item could not be scored. */
  estimate: number | null;
}

function clampScore(value: number): number {
  return Math.min(90, Math.max(10, Math.round(value)));
}

/** The score and range of one skill (or the overall) from the items feeding it. */
export function combineFeeds(feeds: readonly Feed[], profile: ScoringProfile): SkillScore {
  const rules = profile.mock;
  const scored = feeds.filter((feed) => feed.estimate !== null);
  const unscored = feeds.filter((feed) => feed.estimate === null);
  const types = [...new Set(feeds.map((feed) => feed.type))];
  const base = { itemsScored: scored.length, itemsUnscored: unscored.length, types };
  const scoredWeight = scored.reduce((sum, feed) => sum + feed.weight, 0);
  if (scored.length === 0 || scoredWeight <= 0) {
    return { score: null, low: null, high: null, ...base };
  }
  const mean = scored.reduce((sum, feed) => sum + feed.weight * feed.estimate!, 0) / scoredWeight;
  const sampling =
    scored.reduce((sum, feed) => sum + (feed.weight * (rules.itemSd[feed.type] ?? 0)) ** 2, 0) /
    scoredWeight ** 2;
  const unscoredWeight = unscored.reduce((sum, feed) => sum + feed.weight, 0);
  const missingShare = unscoredWeight / (scoredWeight + unscoredWeight);
  const variance = sampling + (missingShare * rules.unscoredItemSd) ** 2 + rules.calibrationSd ** 2;
  const halfWidth = rules.rangeZ * Math.sqrt(variance);
  const score = clampScore(mean);
  return {
    score,
    low: clampScore(mean - halfWidth),
    high: clampScore(mean + halfWidth),
    ...base,
  };
}

const SKILLS: readonly Skill[] = SkillSchema.options;

/**
 * Overall, the four skills with ranges, the unscored items and the skills profile of a mock.
 * Types the profile does not score (PI) are left out; an item that could not be scored is
 * listed in `unscoredItems` and never counted as 0 or 10.
 */
export function aggregateMockScores(
  outcomes: readonly MockItemOutcome[],
  profile: ScoringProfile = CURRENT_SCORING_PROFILE,
): MockScoreReport {
  const feeds: Record<Skill, Feed[]> = { speaking: [], writing: [], reading: [], listening: [] };
  const overall: Feed[] = [];
  const unscoredItems: UnscoredItem[] = [];
  const scoredItems: ScoredItem[] = [];

  for (const outcome of outcomes) {
    const scoring = profile.types[outcome.type];
    if (!scoring) continue;
    const reason = whyUnscored(outcome);
    const estimate = reason === null ? itemEstimate(outcome.result!) : null;
    if (reason !== null) {
      unscoredItems.push({ itemId: outcome.itemId, type: outcome.type, reasonZh: reason });
    } else {
      scoredItems.push({
        itemId: outcome.itemId,
        type: outcome.type,
        estimate: estimate!,
        traits: outcome.result!.traits ?? [],
      });
    }
    let itemWeight = 0;
    for (const skill of SKILLS) {
      const weight = scoring.skills[skill] ?? 0;
      if (weight <= 0) continue;
      feeds[skill].push({ weight, type: outcome.type, estimate });
      itemWeight += weight;
    }
    // One feed per item, weighted by all its skills: counting an integrated item once per skill
    // would treat one measurement as two and narrow the overall range.
    if (itemWeight > 0) overall.push({ weight: itemWeight, type: outcome.type, estimate });
  }

  const overallScore = combineFeeds(overall, profile);
  return {
    scoringProfileId: profile.id,
    calibrationId: profile.mock.calibrationId,
    labelZh: MOCK_LABEL_ZH,
    noteZh: MOCK_NOTE_ZH,
    overall: overallScore,
    skills: {
      speaking: combineFeeds(feeds.speaking, profile),
      writing: combineFeeds(feeds.writing, profile),
      reading: combineFeeds(feeds.reading, profile),
      listening: combineFeeds(feeds.listening, profile),
    },
    unscoredItems,
    ...buildSkillsProfile(scoredItems, overallScore.score, profile),
  };
}
