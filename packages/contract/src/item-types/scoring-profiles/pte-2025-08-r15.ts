/**
 * pte-2025-08-r14 with the whole-answer check asking more evidence of an answer that proves one
 * key point (issue 15, ADR 0027's thirteenth-sitting section). Only `openAnswers.minEvidence`
 * changes, 1.5 → 2 nats/frame: a lone key point must be heard that much under its limit, or the
 * answer is a template or off-topic risk. Answers proving two or more points are not checked
 * (templateMaxPoints), so full and half answers keep what they had. Attempts scored under r14
 * and before keep their id and stored scores.
 */
import { PTE_2025_08_R14, SPEAKING_RUBRIC_R14 } from './pte-2025-08-r14';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Chosen on the development set's seven tuning voices (DI, RL, RTS and SGD answers decoded once
 * by the JSGF keyword search, rescored at each value): templates ≤ 25 % of the maximum 26 → 27
 * of 28, off-topic answers 26 → 27 of 28, key points found that were never said 11 → 7, full
 * answers' key points (108/126), the orderings (21/28) and every full or half answer's content
 * unchanged: the four that moved prove one point by a margin of 1.5–2. At 3 the template that
 * does say one key point goes to 0 too — what a higher value does to a weak real answer — so the
 * smallest value at the plateau. Held out (four voices, read once after choosing): every open
 * target met, unchanged (orderings, templates and off-topic 16/16, full key points 71/72, never
 * said 1 of 112).
 */
export const SPEAKING_RUBRIC_R15: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R14,
  openAnswers: {
    ...(SPEAKING_RUBRIC_R14.openAnswers ?? { heardMaxGoodness: 1.5, phonesPerWord: 3.9 }),
    minEvidence: 2,
  },
};

export const PTE_2025_08_R15: ScoringProfile = {
  ...PTE_2025_08_R14,
  id: 'pte-2025-08-r15',
  labelZh: '2025 年 8 月改革后（只证明一个要点的回答需听得更清楚）',
  labelEn:
    'PTE Academic from the August 2025 update, an answer proving a single key point must be heard more clearly',
  speaking: SPEAKING_RUBRIC_R15,
};
