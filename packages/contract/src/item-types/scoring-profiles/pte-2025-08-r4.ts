/**
 * pte-2025-08-r3 for the cheaper free phone decode (issue 15, latency): the engine's competing
 * hypothesis is now a loop over context-independent phones with acoustic scores every second
 * frame (apps/server/src/adapters/speech/decode.ts `phoneDecoderConfig`), which fits a word's
 * frames less closely than the context-dependent loop r3 was fitted on, so a word's goodness
 * moved up by about 1.2 nats/frame and its spread narrowed. Only the goodness constants change.
 * Attempts scored under r3 keep that id and their stored scores.
 */
import { PTE_2025_08_R3, SPEAKING_RUBRIC_R3 } from './pte-2025-08-r3';
import type { ScoringProfile, SpeakingRubric } from './rubric';

/**
 * Fitted on the tuning voice flite slt (scripts/speech-devset/fit.ts --measure=gop; festival kal
 * held out): A = −0.5 is the median correctly read word (p98 0.85), B = 5.4 the median unrelated
 * substitute still aligned (lowest 3.6; similar-sounding ones from 0.4, median 2.3). A content
 * error starts at 1.5: at 1.0 one more similar-sounding substitute was flagged, and 10 more words
 * of 15 dB noisy readings. A reading with at least 70 % of its words omitted or at 2 or more is
 * another text (off-topic readings 92–100 % at 1; at 3 one of four tuning ones was missed). A
 * content error still needs a penalty of 3. Synthetic voices, not learners: refit on real
 * recordings.
 */
export const SPEAKING_RUBRIC_R4: SpeakingRubric = {
  ...SPEAKING_RUBRIC_R3,
  goodness: { scale: { a: -0.5, b: 5.4 }, contentErrorAt: 1.5, offTopicAt: 2, minPenalty: 3 },
};

export const PTE_2025_08_R4: ScoringProfile = {
  ...PTE_2025_08_R3,
  id: 'pte-2025-08-r4',
  labelZh: '2025 年 8 月改革后（口语逐词对照自由音素解码评分，音素解码提速）',
  labelEn:
    'PTE Academic from the August 2025 update, speaking words judged against a faster free phone decode',
  speaking: SPEAKING_RUBRIC_R4,
};
