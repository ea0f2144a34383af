import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPurchaseMessage } from '../../../lib/purchase-messages';
import { queryKeys } from '../../../lib/query-keys';

/** What the purchase window posts to its opener after a payment (spec §4). */
export interface VipMessage {
  type: 'vip';
}

export function isVipMessage(data: unknown): data is VipMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'vip';
}

/**
 * Refreshes the user info when a window of this site posts `{ type: 'vip' }` (or sends it over the
 * site's purchase channel), so that a new membership shows without a reload. Messages from other
 * origins are ignored.
 */
export function useVipRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPurchaseMessage((data) => {
        if (isVipMessage(data))
          void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
      }),
    [queryClient],
  );
}
