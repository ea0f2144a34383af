import { defaultWordColorBands, type WordColorBand } from '@ninety/contract';

/**
 * The word colour bands (spec §3, §7 `GET /api/voice/getColor`). They are the spec's defaults,
 * shared with the web app through the contract; nothing is stored, so no database is read. A
 * copy is returned so a caller can never change the shared constant.
 */
export function wordColorBands(): WordColorBand[] {
  return defaultWordColorBands.map((band) => ({ ...band }));
}
