import type { ItemOf } from '@ninety/contract';

/** The seven scored speaking types: the item-type code set (with PI) is the web's `SpeakingTypeCode`. */
export type ScoredSpeakingTypeCode = 'RA' | 'RS' | 'DI' | 'RL' | 'ASQ' | 'RTS' | 'SGD';
export type SpeakingItem = ItemOf<ScoredSpeakingTypeCode>;
export const SCORED_SPEAKING_TYPE_CODES: readonly ScoredSpeakingTypeCode[] = [
  'RA',
  'RS',
  'DI',
  'RL',
  'ASQ',
  'RTS',
  'SGD',
];

export function isSpeakingItem(item: { type: string }): item is SpeakingItem {
  return (SCORED_SPEAKING_TYPE_CODES as readonly string[]).includes(item.type);
}
