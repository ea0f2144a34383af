import {
  SHARED_ANSWERS_PAGE_SIZE,
  type SharedAnswerList,
  type SharedAnswerSort,
} from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Everyone's shared answers on one item, newest or best first; readable signed out. */
export function fetchSharedAnswers(
  questionId: string,
  sort: SharedAnswerSort,
  page: number,
  signal?: AbortSignal,
): Promise<SharedAnswerList> {
  return get<SharedAnswerList>(
    '/api/questionsComment/list',
    { questionId, sort, page, perPage: SHARED_ANSWERS_PAGE_SIZE },
    { signal },
  );
}

export function sharedAnswersQueryOptions(
  questionId: string,
  sort: SharedAnswerSort,
  page: number,
) {
  return queryOptions({
    queryKey: queryKeys.comments.sharedAnswersPage(questionId, sort, page),
    queryFn: ({ signal }) => fetchSharedAnswers(questionId, sort, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSharedAnswers(questionId: string, sort: SharedAnswerSort, page: number) {
  return useQuery(sharedAnswersQueryOptions(questionId, sort, page));
}
