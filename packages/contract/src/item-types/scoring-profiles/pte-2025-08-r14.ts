/**
 * pte-2025-08-r13 with a key point heard only through a keyword's spoken variant weighed as
 * weaker evidence in the whole-answer check (issue 15, ADR 0027's eleventh-sitting section).
 * The keyword search hears each keyword also in its non-rhotic and reduced-vowel forms, which
 * found the key points of British and Caribbean voices, but gave it more ways to claim a stretch
 * of a template or an off-topic answer. Only `openAnswers.variantEvidenceCost` changes: a
 * variant's margin under its limit counts 1 nat/frame less, so one point found that way passes
 * the check only when heard very clearly. Answers proving two or more points are not checked
 * (templateMaxPoints), so full and half answers keep what they had. Attempts scored under r13
 * and before keep their id and stored scores.
 */
import { PTE_2025_08_R13, SPEAKING_RUBRIC_R13 } from './pte-2025-08-r13';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Chosen on the development set's seven tuning voices (DI, RL, RTS and SGD answers decoded
 * once, rescored at each cost): templates ≤ 25 % of the maximum 24 → 26 of 28, off-topic
 * answers 24 → 26 of 28, key points found that were never said 16 → 11, full answers' key
 * points 108/126 and the orderings 21/28 unchanged. 0.5 moved one template, 1.0 to 3.0 the
 * same four answers: the smallest cost at the plateau. Held out (four voices, read after
 * choosing): unchanged at every cost, every open target met (orderings, templates and off-topic
 * 16/16, full key points 71/72, never said 1 of 112).
 */
export const SPEAKING_RUBRIC_R14: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R13,
  openAnswers: {
    ...(SPEAKING_RUBRIC_R13.openAnswers ?? { heardMaxGoodness: 1.5, phonesPerWord: 3.9 }),
    variantEvidenceCost: 1,
  },
};

export const PTE_2025_08_R14: ScoringProfile = {
  ...PTE_2025_08_R13,
  id: 'pte-2025-08-r14',
  labelZh: '2025 年 8 月改革后（只靠变体读音听到的要点证据更弱）',
  labelEn:
    'PTE Academic from the August 2025 update, a key point heard only through a spoken variant is weaker evidence',
  speaking: SPEAKING_RUBRIC_R14,
};
