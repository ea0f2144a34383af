import type { WordBookList } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const WORD_BOOK_PAGE_SIZE = 20;

/** GET /api/words/list: newest first, with phonetic and a short gloss. */
export function fetchWordBook(page = 1, signal?: AbortSignal): Promise<WordBookList> {
  return get<WordBookList>('/api/words/list', { page, perPage: WORD_BOOK_PAGE_SIZE }, { signal });
}

export function wordBookQueryOptions(page = 1) {
  return queryOptions({
    queryKey: queryKeys.wordLookup.book(page),
    queryFn: ({ signal }) => fetchWordBook(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWordBook(page = 1) {
  return useQuery(wordBookQueryOptions(page));
}
