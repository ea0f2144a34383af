/**
 * pte-2025-08-r5 with read words judged by their worst phone and against the reading's own
 * typical word (issue 15, ADR 0028): a substitute always has a phone the free phone decode fits
 * far better, which the mean over its phones diluted among the phones the two words share; and a
 * voice or a room the model fits worse lifts every word of a reading, which an absolute limit
 * counted as errors (15 dB of noise: 55 % of the tuning voices' words read correctly). Only the
 * reading goodness (`goodness`) changes; open answers keep r5's rules. Attempts scored under r5
 * keep that id and their stored scores.
 */
import { PTE_2025_08_R5, SPEAKING_RUBRIC_R5 } from './pte-2025-08-r5';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Fitted on the development set's seven tuning voices at once (espeak-ng en-us, en-gb f3,
 * scotland m3, 029 f2; flite slt, kal16, rms: 400 reading clips; scripts/speech-devset/
 * features.ts --quantiles=gopMax, bench:speech-verify --rescore), never on the held-out ones
 * (flite awb, festival kal, ked, slt-hts). A read word's goodness is its worst phone's. The
 * tuning voices' correct words: median 1.2 (the scale's A and the typical word a reading is
 * compared with), p90 5.4, p98 11 (espeak-ng, which the model fits worst); aligned substitutes:
 * median 12.4 (unrelated) and 8.3 (similar-sounding); B = 14 leaves few substitutes tied at the
 * bottom of the scale. A reading whose median word is above 1.2 is judged that much more
 * leniently, by at most 3 (the tuning correct readings' medians reach 4.7, 15 dB noisy ones
 * 5.1). A content error from 6 (5 flagged one substitute more and 7 % more correct espeak-ng
 * words; 7 one correct word fewer and 7 substitutes fewer). Off-topic from 4 on the goodness
 * itself (not shifted: another text lifts every word too; at 3 a fifth of espeak-ng's correct
 * readings were "another text", at 5 one tuning off-topic reading in ten was not). Synthetic
 * voices, not learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R6: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R5,
  goodness: {
    scale: { a: 1.2, b: 14 },
    contentErrorAt: 6,
    offTopicAt: 4,
    minPenalty: 3,
    readWord: 'worst-phone',
    clip: { typical: 1.2, maxShift: 3 },
  },
};

export const PTE_2025_08_R6: ScoringProfile = {
  ...PTE_2025_08_R5,
  id: 'pte-2025-08-r6',
  labelZh: '2025 年 8 月改革后（朗读逐词按最差音素并对照本段录音判断）',
  labelEn:
    'PTE Academic from the August 2025 update, read words judged by their worst phone against the reading itself',
  speaking: SPEAKING_RUBRIC_R6,
};
