import type { Order } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

/** Asks the server to ask the provider ("付款了但订单一直待支付"). Quiet: the page says what happened. */
export function queryOrder(orderNo: string): Promise<Order> {
  return post<Order>(ordersPaths.query(orderNo), undefined, { quiet: true });
}

export function useQueryOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queryOrder,
    onSuccess: (order) => queryClient.setQueryData(queryKeys.orders.detail(order.orderNo), order),
  });
}
