import type { Order } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

/** How often the payment window looks at an unpaid order (the notification may come any time). */
export const ORDER_POLL_MS = 2000;

export function fetchOrder(orderNo: string, signal?: AbortSignal): Promise<Order> {
  return get<Order>(ordersPaths.order(orderNo), undefined, { signal });
}

export function orderQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: queryKeys.orders.detail(orderNo),
    queryFn: ({ signal }) => fetchOrder(orderNo, signal),
    // Polled while it can still change by itself (a notification, the expiry job).
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'created' || status === 'paying' || status === 'paid'
        ? ORDER_POLL_MS
        : false;
    },
  });
}

export function useOrder(orderNo: string) {
  return useQuery(orderQueryOptions(orderNo));
}
