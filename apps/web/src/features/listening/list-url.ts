import {
  ListeningLengthSchema,
  ListeningSourceSchema,
  ListeningStatusSchema,
  TopicSchema,
} from '@ninety/contract';
import type { MaterialFilters } from './api/get-materials';

/**
 * The list keeps its filters in the URL (`?source=WFD&length=short&page=2`), so a filtered list
 * survives a reload and the back button from a material. Anything unknown is dropped.
 */

export const LIST_PATH = '/IntensiveListening/ListeningList';
export const DETAILS_PATH = '/IntensiveListening/ListeningListDetails';

export function materialPath(materialId: string): string {
  return `${DETAILS_PATH}?id=${encodeURIComponent(materialId)}`;
}

export function filtersFromSearch(search: URLSearchParams): MaterialFilters {
  const filters: MaterialFilters = { page: 1 };
  const source = ListeningSourceSchema.safeParse(search.get('source'));
  if (source.success) filters.source = source.data;
  const topic = TopicSchema.safeParse(search.get('topic'));
  if (topic.success) filters.topic = topic.data;
  const length = ListeningLengthSchema.safeParse(search.get('length'));
  if (length.success) filters.length = length.data;
  const difficulty = Number(search.get('difficulty'));
  if (Number.isInteger(difficulty) && difficulty >= 1 && difficulty <= 5) {
    filters.difficulty = difficulty;
  }
  const progress = ListeningStatusSchema.safeParse(search.get('progress'));
  if (progress.success) filters.progress = progress.data;
  const keyword = search.get('keyword')?.trim().slice(0, 100);
  if (keyword) filters.keyword = keyword;
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page >= 1) filters.page = page;
  return filters;
}

/** The search string for these filters (defaults left out), keeping other parameters (tab). */
export function searchOf(filters: MaterialFilters, keep?: URLSearchParams): URLSearchParams {
  const search = new URLSearchParams();
  const tab = keep?.get('tab');
  if (tab) search.set('tab', tab);
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    search.set(key, String(value));
  }
  return search;
}
