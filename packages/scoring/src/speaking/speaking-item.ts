import {
  isWrittenType,
  ItemTypeCodeSchema,
  itemTypes,
  type ItemOf,
  type ItemTypeCode,
  type WrittenTypeCode,
} from '@ninety/contract';

/** The seven scored speaking types: the item-type code set (with PI) is the web's `SpeakingTypeCode`. */
export type ScoredSpeakingTypeCode = Exclude<ItemTypeCode, WrittenTypeCode | 'PI'>;
export type SpeakingItem = ItemOf<ScoredSpeakingTypeCode>;

/** From the catalogue: the types answered by a recording that are scored, in the test's order. */
export const SCORED_SPEAKING_TYPE_CODES: readonly ScoredSpeakingTypeCode[] =
  ItemTypeCodeSchema.options.filter(
    (code): code is ScoredSpeakingTypeCode => !isWrittenType(code) && itemTypes[code].isScored,
  );

export function isSpeakingItem(item: { type: string }): item is SpeakingItem {
  return (SCORED_SPEAKING_TYPE_CODES as readonly string[]).includes(item.type);
}
