/**
 * The August 2025 format with speaking judged against a competing hypothesis (issue 15): the
 * engine now also decodes the free phones of a reading and may skip a reference word in its
 * alignment, and the speaking constants below were fitted on the development set's tuning voices
 * for that engine (scripts/speech-devset; festival and flite awb held out). Everything else is
 * pte-2025-08-r2. Attempts scored under r2 keep that id and their stored scores.
 */
import { SPEAKING_RUBRIC } from './common';
import { PTE_2025_08_R2 } from './pte-2025-08-r2';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Goodness of pronunciation, in nats per frame averaged over a word's phones (aligned phone minus
 * the free decode of its frames), fitted on the tuning voices espeak-ng en-us and flite slt
 * (scripts/speech-devset/fit.ts --measure=gop): A = −1.7 is the median correctly read word, B = 3.3
 * the median unrelated substitute still aligned; a content error starts at 0.8, past the correct
 * words' 98th percentile (0.73); a reading with at least 70 % of its words omitted or at 0 or more
 * is another text (off-topic readings: 75–100 %, any other variant ≤ 58 %). A content error also
 * needs a penalty of 3 or more: the false alarms on correct readings were short words (now, to,
 * own, the) whose two phones make the goodness noisy. Synthetic voices, not
 * learners: refit on real recordings.
 */
export const SPEAKING_RUBRIC_R3: SpeakingRubric = {
  ...SPEAKING_RUBRIC,
  goodness: { scale: { a: -1.7, b: 3.3 }, contentErrorAt: 0.8, offTopicAt: 0, minPenalty: 3 },
};

export const PTE_2025_08_R3: ScoringProfile = {
  ...PTE_2025_08_R2,
  id: 'pte-2025-08-r3',
  labelZh: '2025 年 8 月改革后（口语逐词对照自由音素解码评分）',
  labelEn:
    'PTE Academic from the August 2025 update, speaking words judged against a free phone decode',
  speaking: SPEAKING_RUBRIC_R3,
};
