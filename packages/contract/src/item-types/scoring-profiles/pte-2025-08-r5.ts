/**
 * pte-2025-08-r4 for open answers judged against the free phones (issue 15): the engine now also
 * decodes the free phones of a DI, RL, RTS or SGD answer, and a keyword counts only where it fits
 * its frames nearly as well as they do; the speaking rate of an open answer is measured on its
 * phones, and the keyword grammar's repeats are not hesitations. Only `openAnswers` is new.
 * Attempts scored under r4 keep that id and their stored scores.
 */
import { PTE_2025_08_R4, SPEAKING_RUBRIC_R4 } from './pte-2025-08-r4';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Fitted on the development set's tuning voices flite slt and espeak-ng en-us (scripts/speech-devset;
 * festival kal and flite awb held out; ADR 0027): a keyword counts under a goodness of 1.5
 * nats/frame. On flite slt every key point of the full answers still counted from 1.5 (one was
 * lost at 1.25) and no template or off-topic keyword up to 1.5 (the lowest 1.58); espeak-ng, which
 * the model fits worse, keeps fewer of its full answers' key points (9 of 18 at 1.5, 14 of 18 at 2,
 * where flite's templates and off-topic answers start to count). Relative to the answer's median
 * word the espeak-ng keywords came back, but so did flite's false ones. 3.9 phones a word is the
 * median over the tuning voices' full, half and template answers (3.3–4.5 by text). Synthetic
 * voices, not learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R5: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R4,
  openAnswers: { heardMaxGoodness: 1.5, phonesPerWord: 3.9 },
};

export const PTE_2025_08_R5: ScoringProfile = {
  ...PTE_2025_08_R4,
  id: 'pte-2025-08-r5',
  labelZh: '2025 年 8 月改革后（口语开放题关键词对照自由音素解码）',
  labelEn:
    'PTE Academic from the August 2025 update, open-answer keywords judged against a free phone decode',
  speaking: SPEAKING_RUBRIC_R5,
};
