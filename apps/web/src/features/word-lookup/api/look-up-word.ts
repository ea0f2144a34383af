import type { DictionaryEntry } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/dictionary/lookup: quiet, because "not in the dictionary" is shown in the card. */
export function lookUpWord(word: string, signal?: AbortSignal): Promise<DictionaryEntry> {
  return get<DictionaryEntry>('/api/dictionary/lookup', { word }, { signal, quiet: true });
}

export function lookUpWordQueryOptions(word: string) {
  return queryOptions({
    queryKey: queryKeys.wordLookup.entry(word),
    queryFn: ({ signal }) => lookUpWord(word, signal),
    // A dictionary entry does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useLookUpWord(word: string | null) {
  return useQuery({ ...lookUpWordQueryOptions(word ?? ''), enabled: word !== null });
}
