import type { QrLoginInfo } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function confirmQrLogin(uuid: string): Promise<{ ok: true }> {
  return post<{ ok: true }>('/api/user/qrLogin/confirm', { uuid }, { quiet: true });
}

export function useConfirmQrLogin(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmQrLogin(uuid),
    onSuccess: () => {
      queryClient.setQueryData<QrLoginInfo>(
        queryKeys.qrLogin.info(uuid),
        (info) => info && { ...info, status: 'confirmed' },
      );
    },
  });
}
