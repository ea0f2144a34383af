import type { CreateOrderBody, Order } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

/** Makes an order (or finds the learner's open one for the same thing); the price is the server's. */
export function createOrder(body: CreateOrderBody): Promise<Order> {
  return post<Order>(ordersPaths.orders, body);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.orderNo), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.lists });
    },
  });
}
