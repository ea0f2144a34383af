import { WordColorBandsSchema, type WordColorBand } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/http';
import { queryKeys } from '../../lib/query-keys';
import { sessionKeys } from '../../lib/storage-keys';
import { defaultWordColorBands } from '../../lib/word-colors';

/** Bands held in sessionStorage (spec §3), or null when none are held or they cannot be read. */
export function heldWordColors(): WordColorBand[] | null {
  const raw = sessionStorage.getItem(sessionKeys.wordColors);
  if (!raw) return null;
  try {
    const parsed = WordColorBandsSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The word colour bands (spec §7 `GET /api/voice/getColor`): fetched only when none are held in
 * sessionStorage, then held there sorted by start descending, the order pickBand reads them in.
 */
export async function fetchWordColors(signal?: AbortSignal): Promise<WordColorBand[]> {
  const held = heldWordColors();
  if (held) return held;
  const bands = await get<WordColorBand[]>('/api/voice/getColor', undefined, { signal });
  const sorted = [...bands].sort((a, b) => b.start - a.start);
  sessionStorage.setItem(sessionKeys.wordColors, JSON.stringify(sorted));
  return sorted;
}

/** Held for the whole visit: the bands change only with a release. */
export const wordColorsQueryOptions = queryOptions({
  queryKey: queryKeys.voice.wordColors,
  queryFn: ({ signal }) => fetchWordColors(signal),
  staleTime: Infinity,
  retry: false,
});

/** The bands for colouring words: the spec defaults until (or unless) the server's arrive. */
export function useWordColors(): readonly WordColorBand[] {
  return useQuery(wordColorsQueryOptions).data ?? defaultWordColorBands;
}
