import type { ItemDetail } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * One item for the exercise page: its content with media URLs, never the key. Quiet: the page
 * says in place what went wrong (这道题不存在或已下线, or 题目加载失败), so a toast would say it twice.
 */
export function fetchItemDetail(id: string, signal?: AbortSignal): Promise<ItemDetail> {
  return get<ItemDetail>('/api/posts/detail', { id }, { signal, quiet: true });
}

export function itemDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.practice.item(id),
    queryFn: ({ signal }) => fetchItemDetail(id, signal),
    staleTime: 60_000,
  });
}

export function useItemDetail(id: string) {
  return useQuery(itemDetailQueryOptions(id));
}
