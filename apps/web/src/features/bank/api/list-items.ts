import type { ItemList, ItemListQuery, ItemTypeCode } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The list filters as the page holds them (spec §3); numbers as the spec numbers them. */
export interface ListFilters {
  code: ItemTypeCode;
  page: number;
  perPage: number;
  updTopic: number;
  isFull: number;
  practiceStatus: number;
  type: number;
  /** '' for all, -1 any favourite, 1–4 a colour. */
  color: number | '';
  hotSort: number;
  /** 1: only items that have been on a high-frequency list (真题). */
  isReal: number;
  keyword: string;
}

/** Spec §7: falsy isFull, code, updTopic and isReal are left out of the query. */
export function listQueryParams(
  filters: ListFilters,
): Partial<Record<keyof ItemListQuery, string | number>> {
  const params: Partial<Record<keyof ItemListQuery, string | number>> = {
    page: filters.page,
    perPage: filters.perPage,
    practiceStatus: filters.practiceStatus,
    type: filters.type,
    hotSort: filters.hotSort,
    color: filters.color,
  };
  if (filters.code) params.code = filters.code;
  if (filters.isFull) params.isFull = filters.isFull;
  if (filters.updTopic) params.updTopic = filters.updTopic;
  if (filters.isReal) params.isReal = filters.isReal;
  if (filters.keyword.trim()) params.keyword = filters.keyword.trim();
  return params;
}

export function fetchItemList(filters: ListFilters, signal?: AbortSignal): Promise<ItemList> {
  return get<ItemList>('/api/postsV2/list', listQueryParams(filters), { signal });
}

export function itemListQueryOptions(filters: ListFilters) {
  return queryOptions({
    queryKey: queryKeys.bank.list(filters),
    queryFn: ({ signal }) => fetchItemList(filters, signal),
    // Keep the old page on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useItemList(filters: ListFilters) {
  return useQuery(itemListQueryOptions(filters));
}
