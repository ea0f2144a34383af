import type { VipPlans } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { ordersPaths } from './paths';

/** The VIP plans, their prices in fen and the payment methods on offer (public). */
export function fetchVipPlans(signal?: AbortSignal): Promise<VipPlans> {
  return get<VipPlans>(ordersPaths.vipPlans, undefined, { signal });
}

export function vipPlansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.orders.vipPlans,
    queryFn: ({ signal }) => fetchVipPlans(signal),
    staleTime: 5 * 60_000,
  });
}

export function useVipPlans() {
  return useQuery(vipPlansQueryOptions());
}
