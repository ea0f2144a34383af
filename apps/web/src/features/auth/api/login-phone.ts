import type { LoginPhoneBody, TokenResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { sessionClientType } from '../../../lib/session';

/** Signs in with an SMS code; the first sign-in of a phone registers it. */
export function loginPhone(body: LoginPhoneBody): Promise<TokenResult> {
  return post<TokenResult>('/api/auth/loginPhone', body, {
    headers: { clientType: sessionClientType() },
  });
}

export function useLoginPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginPhone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
    },
  });
}
