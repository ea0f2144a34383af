import type { OrderList } from '@ninety/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

export const ORDERS_PER_PAGE = 10;

/** The learner's orders, newest first. */
export function fetchOrders(page: number, signal?: AbortSignal): Promise<OrderList> {
  return get<OrderList>(ordersPaths.orders, { page, perPage: ORDERS_PER_PAGE }, { signal });
}

export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.orders.list(page),
    queryFn: ({ signal }) => fetchOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page));
}
