import type { NewPhoneCodeBody } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** Step 3: a code to the new phone, with the proof of the current one (quiet, as step 1). */
export function sendNewPhoneCode(body: NewPhoneCodeBody): Promise<{ resendAfter: number }> {
  return post<{ resendAfter: number }>('/api/user/bindings/phone/sendNewCode', body, {
    quiet: true,
  });
}

export function useSendNewPhoneCode() {
  return useMutation({ mutationFn: sendNewPhoneCode });
}
