import type { ChangePhoneBody, ChangePhoneResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Step 4: the new phone's code moves the account to it; other devices are signed out (quiet: the
 * dialog says errors, e.g. 40008 该手机号已绑定其他账号).
 */
export function changePhone(body: ChangePhoneBody): Promise<ChangePhoneResult> {
  return post<ChangePhoneResult>('/api/user/bindings/phone/change', body, { quiet: true });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    onSuccess: ({ bindings }) => {
      queryClient.setQueryData(queryKeys.profile.bindings, bindings);
      // The account's phone shows in 账户 too, and the other devices are gone.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile.devices });
    },
  });
}
