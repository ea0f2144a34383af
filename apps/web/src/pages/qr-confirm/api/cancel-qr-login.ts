import type { QrLoginInfo } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function cancelQrLogin(uuid: string): Promise<{ ok: true }> {
  return post<{ ok: true }>('/api/user/qrLogin/cancel', { uuid }, { quiet: true });
}

export function useCancelQrLogin(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelQrLogin(uuid),
    onSuccess: () => {
      queryClient.setQueryData<QrLoginInfo>(
        queryKeys.qrLogin.info(uuid),
        (info) => info && { ...info, status: 'canceled' },
      );
    },
  });
}
