import type { ItemSummary } from '@ninety/contract';

/**
 * The exercise page of an item (spec §2: exp/{typeCode}/{wpId}); `from` names the list it was
 * opened from, so the exercise can offer the previous and next item of that list. Its own module
 * so that a page linking to an item (home's 继续上次) does not load the item row's code.
 */
export function exercisePath(item: Pick<ItemSummary, 'type' | 'id'>, from?: string): string {
  return `/exp/${item.type}/${item.id}${from ? `?from=${encodeURIComponent(from)}` : ''}`;
}
