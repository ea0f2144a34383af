/**
 * The 精听 API paths (all JSON in `{ data }` envelopes unless said; errors `{ code, msg }` with
 * ErrorCode). Walk-through: docs/listening.md.
 *
 * Signed out: the list and details answer with `progress: null`; everything else is 10006.
 */
export const listeningPaths = {
  /** GET ListeningListQuery → ListeningMaterialList. `progress` filter needs sign-in (10006). */
  list: '/api/listening/materials',
  /** GET → ListeningMaterialDetail; 40401 unknown material. */
  detail: (materialId: string) => `/api/listening/materials/${encodeURIComponent(materialId)}`,
  /** GET → text/vtt (not an envelope): the cues, one per sentence. */
  cues: (materialId: string) =>
    `/api/listening/materials/${encodeURIComponent(materialId)}/cues.vtt`,
  /** GET → ListeningProgress; PUT ListeningProgressBody → ListeningProgress. */
  progress: (materialId: string) =>
    `/api/listening/materials/${encodeURIComponent(materialId)}/progress`,
  /** POST ListeningDictationBody → ListeningDictationResult; 40001 index past the last sentence. */
  dictation: (materialId: string, index: number) =>
    `/api/listening/materials/${encodeURIComponent(materialId)}/sentences/${index}/dictation`,
  /**
   * POST raw `audio/wav` body (≤ LISTENING_RECORDING_MAX_BYTES: 41301; other type: 41501) with
   * ListeningShadowingQuery → ListeningShadowingResult, or 202 ListeningShadowingPending while
   * the take waits on the scoring queue; 40001 an unusable WAV; 42901 the learner's recordings
   * are still being scored; 50300 the queue is full or every try failed. GET
   * ListeningShadowingResultQuery → the same answers for a take sent before.
   */
  shadowing: (materialId: string, index: number) =>
    `/api/listening/materials/${encodeURIComponent(materialId)}/sentences/${index}/shadowing`,
  /** GET ListeningReviewQueueQuery → ListeningReviewQueue (今日复习). */
  reviewQueue: '/api/listening/review/queue',
  /** GET → ListeningReviewCounts. */
  reviewCounts: '/api/listening/review/counts',
  /** GET ListeningReviewDeckQuery → ListeningReviewDeck. */
  reviewDeck: '/api/listening/review/cards',
  /** DELETE → `{ removed: true }` (掌握了: take the card out of the deck); 40401 not the learner's. */
  reviewCard: (cardId: number) => `/api/listening/review/cards/${cardId}`,
} as const;
