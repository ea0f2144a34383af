/**
 * Versioned scoring profiles: for each item type, how its raw score is made (the rule), its traits
 * and their maxima, which traits zero the item (gates), and which skills it feeds with what weight.
 * Numbers come from docs/pte-rules.md ("pte-rules"); [2025] values go into `pte-2025-08` only.
 * A mock-exam result records the profile it was scored with, so reports stay reproducible.
 */
import type { ItemTypeCode, Skill } from '../catalogue';
import type { Item } from '../item-schema';
import { countWords, findBlanks, toWords } from '../text';
import { CURRENT_PTE_VERSION, type PteVersion } from '../versions';
import { PTE_2024 } from './pte-2024';
import { PTE_2025_08 } from './pte-2025-08';
import { PTE_2025_08_R2 } from './pte-2025-08-r2';
import { PTE_2025_08_R3 } from './pte-2025-08-r3';
import { PTE_2025_08_R4 } from './pte-2025-08-r4';
import { PTE_2025_08_R5 } from './pte-2025-08-r5';
import { PTE_2025_08_R6 } from './pte-2025-08-r6';
import { PTE_2025_08_R7 } from './pte-2025-08-r7';
import { PTE_2025_08_R9 } from './pte-2025-08-r9';
import { PTE_2025_08_R10 } from './pte-2025-08-r10';
import { PTE_2025_08_R11 } from './pte-2025-08-r11';
import { PTE_2025_08_R12 } from './pte-2025-08-r12';
import { PTE_2025_08_R13 } from './pte-2025-08-r13';
import { PTE_2025_08_R14 } from './pte-2025-08-r14';
import { PTE_2025_08_R15 } from './pte-2025-08-r15';
import type { ScoringProfile, ScoringProfileId, TraitSpec, TypeScoring } from './rubric';

export * from './rubric';

export const scoringProfiles: Record<ScoringProfileId, ScoringProfile> = {
  'pte-2024': PTE_2024,
  'pte-2025-08': PTE_2025_08,
  'pte-2025-08-r2': PTE_2025_08_R2,
  'pte-2025-08-r3': PTE_2025_08_R3,
  'pte-2025-08-r4': PTE_2025_08_R4,
  'pte-2025-08-r5': PTE_2025_08_R5,
  'pte-2025-08-r6': PTE_2025_08_R6,
  'pte-2025-08-r7': PTE_2025_08_R7,
  'pte-2025-08-r9': PTE_2025_08_R9,
  'pte-2025-08-r10': PTE_2025_08_R10,
  'pte-2025-08-r11': PTE_2025_08_R11,
  'pte-2025-08-r12': PTE_2025_08_R12,
  'pte-2025-08-r13': PTE_2025_08_R13,
  'pte-2025-08-r14': PTE_2025_08_R14,
  'pte-2025-08-r15': PTE_2025_08_R15,
};

/** The newest profile for each format version: what a new attempt or paper is scored with. */
const LATEST_FOR_VERSION: Record<PteVersion, ScoringProfileId> = {
  'pte-2024': 'pte-2024',
  'pte-2025-08': 'pte-2025-08-r15',
};

export function latestScoringProfileFor(version: PteVersion): ScoringProfileId {
  return LATEST_FOR_VERSION[version];
}

export const CURRENT_SCORING_PROFILE_ID: ScoringProfileId =
  latestScoringProfileFor(CURRENT_PTE_VERSION);
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

/** §7.4's speaking constants as written (the profiles use their refit, SPEAKING_RUBRIC). */
export { SECTION_7_4_SPEAKING_RUBRIC } from './common';
