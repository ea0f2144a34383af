import type { ItemAnswer } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The key and 解析, asked for explicitly ("查看答案"); signed-in learners only. */
export function fetchItemAnswer(id: string, signal?: AbortSignal): Promise<ItemAnswer> {
  return get<ItemAnswer>('/api/posts/answer', { id }, { signal });
}

export function useItemAnswer(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.practice.answer(id),
      queryFn: ({ signal }) => fetchItemAnswer(id, signal),
      enabled,
      staleTime: Infinity,
    }),
  );
}
