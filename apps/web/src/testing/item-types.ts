import { ITEM_TYPE_CODES, type ItemTypeCode } from '@ninety/contract';
import { loadItemType } from '../item-types/registry';
import type { ItemType } from '../item-types/types';

export type LoadedItemTypes = { [C in ItemTypeCode]: ItemType<C> };

/**
 * Loads all 23 item types, each its own chunk (issue 23), for tests that go through the types one
 * by one; once loaded, the runner shows an item in the same render, as after the route's prefetch.
 */
export async function loadAllItemTypes(): Promise<LoadedItemTypes> {
  const loaded = await Promise.all(ITEM_TYPE_CODES.map((code) => loadItemType(code)));
  return Object.fromEntries(loaded.map((type) => [type.code, type])) as LoadedItemTypes;
}
