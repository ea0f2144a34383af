import type { BindingPhoneBody, TokenResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { sessionClientType } from '../../../lib/session';

/** Ties a phone to the WeChat identity that answered 1011, and signs in. */
export function bindingPhone(body: BindingPhoneBody): Promise<TokenResult> {
  return post<TokenResult>('/api/auth/bindingPhone', body, {
    headers: { clientType: sessionClientType() },
  });
}

export function useBindingPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindingPhone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
    },
  });
}
