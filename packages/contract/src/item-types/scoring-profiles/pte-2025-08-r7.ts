/**
 * pte-2025-08-r6 with open answers judged against their speaker and as a whole (issue 15): the
 * goodness limit a DI, RL, RTS or SGD keyword must pass moves with how well the model fits the
 * voice at all (the answer's free phones' cost per frame), and an answer whose key points add up
 * to too little evidence is a template or off-topic risk whose content is 0. Only `openAnswers`
 * changes. Attempts scored under r6 and before keep their id and stored scores.
 */
import { PTE_2025_08_R6, SPEAKING_RUBRIC_R6 } from './pte-2025-08-r6';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Fitted on the development set's tuning voices flite slt and espeak-ng en-us only
 * (scripts/speech-devset, their r5 decodes rescored; festival kal held out; ADR 0027). The free
 * phones cost flite slt 1.8–2.05 nats a frame and espeak-ng en-us 2.25–2.65, and espeak-ng's said
 * keywords' goodness ran ~1.3 higher: the limit rises 2 nats of goodness per nat of the free
 * phones' cost above 2 (slope 2.5 found one more key point and three more never said), at most
 * 1.5 up and 0.5 down. Evidence: the tuning half answers' weakest was 1.64 (one key point),
 * the tuning templates' and off-topic answers' strongest 1.39, so 1.5. Synthetic voices, not
 * learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R7: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R6,
  openAnswers: {
    heardMaxGoodness: 1.5,
    phonesPerWord: 3.9,
    voice: { reference: 2, slope: 2, maxRaise: 1.5, maxLower: 0.5 },
    minEvidence: 1.5,
  },
};

export const PTE_2025_08_R7: ScoringProfile = {
  ...PTE_2025_08_R6,
  id: 'pte-2025-08-r7',
  labelZh: '2025 年 8 月改革后（口语开放题关键词按说话人校准，整段回答防模板）',
  labelEn:
    'PTE Academic from the August 2025 update, open-answer keywords judged against the speaker and the whole answer',
  speaking: SPEAKING_RUBRIC_R7,
};
