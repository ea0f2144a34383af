/**
 * pte-2025-08-r12 with a read word squeezed into too little time counted wrong (issue 15, ADR
 * 0028's fourth round): when most of a word's phones last the shortest a phone can (3 frames),
 * the search pressed it onto a sliver of other speech, as it does with a word said in its place
 * ("tomato" for "period"), and the fit of those few frames says nothing. Only
 * `goodness.squeezed` changes. It goes with the reading search that offers only competitors
 * among the 20,000 most common spoken words (the speech adapter's decode.ts
 * `MAX_COMPETITOR_RANK`): rare words ("antill", "meany") had taken correct words. Held out (280
 * clips, four voices never fitted on), r12 → r13 with that search: substitutes below every
 * correct word 46 → 50 of 56; pairs 55/56, word AUC 0.982, correct readings 476/476, omissions
 * and off-topic 28/28 as before. Attempts scored under r12 and before keep their id and stored
 * scores.
 */
import { PTE_2025_08_R12, SPEAKING_RUBRIC_R12 } from './pte-2025-08-r12';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Chosen on the development set's seven tuning voices (147 correct and substitution readings
 * decoded by r12's engine): no aligned word of three or more phones in a correct reading, nor a
 * correct word beside a substitute, had half its phones at 3 frames; 27 of 128 aligned
 * substitutes did. Counted wrong at a share of 0.5, substitutes below every correct word went
 * 57 → 62 of 98 with every correct word kept (751/833); at 0.4 one more substitute and 3 correct
 * words lost, at 0.3 fewer substitutes below (57) and 14 correct words lost, at 0.6 one fewer.
 * Scored at most 15 of 90: below a word heard as a competitor (20), which a correct neighbour of
 * a substitute sometimes is, above a word skipped (10); 20 gave 59 of 98, 10 the same as 15.
 * Only where the reading's median phone lasts 7 frames or more: read fast (the set's 1.35×
 * readings, median 4–7), correct words' phones are short too, and the rule took 10 more correct
 * words on tuning (77 → 87 of 833 wrong); from 7 none more (77), from 6 three more, with the
 * substitute figures the same at every gate. Held out (read after choosing): below every correct
 * word 50 of 56 at 7 (51 without the gate), fast readings' wrong words 4 of 476 as under r12 (12
 * without). Synthetic voices, not learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R13: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R12,
  goodness: {
    ...(SPEAKING_RUBRIC_R12.goodness ?? {
      scale: { a: 1.2, b: 14 },
      contentErrorAt: 6,
      offTopicAt: 4,
    }),
    squeezed: { minPhones: 3, share: 0.5, maxScore: 15, minTypicalFrames: 7 },
  },
};

export const PTE_2025_08_R13: ScoringProfile = {
  ...PTE_2025_08_R12,
  id: 'pte-2025-08-r13',
  labelZh: '2025 年 8 月改革后（朗读时被挤成极短的词算读错）',
  labelEn:
    'PTE Academic from the August 2025 update, a read word squeezed into too little time counts as wrong',
  speaking: SPEAKING_RUBRIC_R13,
};
