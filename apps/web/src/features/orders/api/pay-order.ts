import type { PaymentStart, PayOrderBody } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

export interface PayOrder extends PayOrderBody {
  orderNo: string;
}

/** Starts paying: the provider's page to go to, or a WeChat QR code to show. */
export function payOrder({ orderNo, ...body }: PayOrder): Promise<PaymentStart> {
  return post<PaymentStart>(ordersPaths.pay(orderNo), body);
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSettled: (_start, _error, { orderNo }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderNo) }),
  });
}
