import type { QrLoginInfo } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { qrLoginInfoKey } from './qr-login-info';

export function cancelQrLogin(uuid: string): Promise<{ ok: true }> {
  return post<{ ok: true }>('/api/user/qrLogin/cancel', { uuid }, { quiet: true });
}

export function useCancelQrLogin(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelQrLogin(uuid),
    onSuccess: () => {
      queryClient.setQueryData<QrLoginInfo>(
        qrLoginInfoKey(uuid),
        (info) => info && { ...info, status: 'canceled' },
      );
    },
  });
}
