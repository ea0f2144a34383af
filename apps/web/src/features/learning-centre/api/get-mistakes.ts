import type { ItemTypeCode, MistakeBook } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

export interface MistakeFilter {
  type?: ItemTypeCode | undefined;
  page: number;
}

export const MISTAKES_PER_PAGE = 10;

/** 错题本: wrong answers not yet answered right twice, newest first. Needs a token. */
export function fetchMistakes(filter: MistakeFilter, signal?: AbortSignal): Promise<MistakeBook> {
  return get<MistakeBook>(
    '/api/learning-centre/mistakes',
    { type: filter.type, page: filter.page, perPage: MISTAKES_PER_PAGE },
    { signal },
  );
}

export function mistakesQueryOptions(filter: MistakeFilter, hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.learningCentre.mistakes(filter.type ?? '', filter.page),
    queryFn: ({ signal }) => fetchMistakes(filter, signal),
    enabled: hasToken,
    placeholderData: keepPreviousData,
  });
}

export function useMistakes(filter: MistakeFilter) {
  return useQuery(mistakesQueryOptions(filter));
}
