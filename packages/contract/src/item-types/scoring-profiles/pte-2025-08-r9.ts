/**
 * pte-2025-08-r7 with a reading's off-topic share counted over its words of three or more phones
 * (issue 15, ADR 0028's second round): "the", "of", "are", "on" fit a stretch of any speech, and
 * kept three held-out readings of another sentence just under the share (9 of 13, 8 of 12 words
 * far), so they kept a third of a Repeat Sentence's content. Words not said always count. Only
 * `offTopic` changes. Attempts scored under pte-2025-08-r7 and before keep their id and stored
 * scores. There is no r8: it was claimed for the open answers' change while this one was made,
 * and that change landed as pte-2025-08-r10, which extends this one.
 */
import { PTE_2025_08_R7, SPEAKING_RUBRIC_R7 } from './pte-2025-08-r7';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Fitted on the development set's seven tuning voices (scripts/speech-devset, 400 reading clips,
 * stored decodes rescored: `npm run bench:speech-verify -- --rescore=… --rubric=…`); the four
 * held-out voices only checked. Words of two phones or fewer left out: at the old share (0.7)
 * every tuning and held-out off-topic reading is another text, but a tenth of espeak-ng's
 * correct readings' words became errors (87 → 78 %: whole readings judged another text); at 0.8
 * the tuning off-topic readings stay 40/40 and the correct readings are as before (93 %); at
 * 0.85 one tuning off-topic reading passes again. Leaving out words of three phones too (4)
 * cost espeak-ng more. Synthetic voices, not learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R9: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R7,
  offTopic: { penalty: 5, share: 0.8, minPhones: 3 },
};

export const PTE_2025_08_R9: ScoringProfile = {
  ...PTE_2025_08_R7,
  id: 'pte-2025-08-r9',
  labelZh: '2025 年 8 月改革后（朗读离题按三音素以上的词判断）',
  labelEn:
    'PTE Academic from the August 2025 update, another text read judged by its words of three or more phones',
  speaking: SPEAKING_RUBRIC_R9,
};
