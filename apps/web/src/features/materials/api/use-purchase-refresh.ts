import type { OrderPaidMessage } from '@ninety/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPurchaseMessage } from '../../../lib/purchase-messages';
import { queryKeys } from '../../../lib/query-keys';

const isMaterialPaid = (data: unknown): data is OrderPaidMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as OrderPaidMessage).type === 'order-paid' &&
  (data as OrderPaidMessage).kind === 'material';

/**
 * When the payment window (another window of this site) says a material was paid, the catalogue
 * and the material are asked again, so the page shows the downloads without a reload. Messages
 * from any other origin are ignored.
 */
export function usePurchaseRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPurchaseMessage((data) => {
        if (isMaterialPaid(data))
          void queryClient.invalidateQueries({ queryKey: queryKeys.materials.all });
      }),
    [queryClient],
  );
}
