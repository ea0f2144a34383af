/**
 * pte-2025-08-r11 with a reading's words counted wrong where the engine heard a competing word
 * (issue 15, ADR 0028's third round): the reading's search now offers each word beside its
 * dictionary neighbours one phone away ("ocean" beside "open", "feed" beside "food") at a prior
 * of 1e-3 (the speech adapter's decode.ts), and a word the search took as one of them is a
 * content error scored at most 20 of 90, however well its phones fit. Only `goodness.competitor`
 * changes. Attempts scored under r11 and before keep their id and stored scores.
 */
import { PTE_2025_08_R11, SPEAKING_RUBRIC_R11 } from './pte-2025-08-r11';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Chosen on the development set's seven tuning voices (400 reading clips decoded with the
 * competitors): counting every competitor the search took gave the most substitutes below every
 * correct word (47 → 51 of 80) and pairs (46 → 48); requiring a doubtful goodness as well (at
 * least 0, 1, 2 or 3 nats/frame) kept fewer of both, because a similar-sounding substitute's
 * phones fit as well as a correct word's; so did leaving out words under 4 or 5 phones ("feed",
 * "food"). Such a word scores at most 20, below it by its goodness: 10 for all gave the same
 * figures but tied a correct word that took a competitor beside a substitute with it (the engine
 * test's flite slt reading: "for" heard as "faughn" beside "monkey"); at 30 or 44 fewer
 * substitutes were below every correct word (51 → 48, 46 of 80). Synthetic voices, not learners: refit on
 * real recordings.
 */
export const SPEAKING_RUBRIC_R12: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R11,
  goodness: {
    ...(SPEAKING_RUBRIC_R11.goodness ?? {
      scale: { a: 1.2, b: 14 },
      contentErrorAt: 6,
      offTopicAt: 4,
    }),
    competitor: { maxScore: 20 },
  },
};

export const PTE_2025_08_R12: ScoringProfile = {
  ...PTE_2025_08_R11,
  id: 'pte-2025-08-r12',
  labelZh: '2025 年 8 月改革后（朗读时听成近音词的词算读错）',
  labelEn:
    'PTE Academic from the August 2025 update, a read word heard as a similar-sounding word counts as wrong',
  speaking: SPEAKING_RUBRIC_R12,
};
