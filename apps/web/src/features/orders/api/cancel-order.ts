import type { Order } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

/** Gives up an unpaid order (a paid one is left as it is). */
export function cancelOrder(orderNo: string): Promise<Order> {
  return post<Order>(ordersPaths.cancel(orderNo));
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.orderNo), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    },
  });
}
