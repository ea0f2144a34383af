import type { NewPhoneCodeBody } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** Step 3: a code to the new phone, with the proof of the current one (errors toast). */
export function sendNewPhoneCode(body: NewPhoneCodeBody): Promise<{ resendAfter: number }> {
  return post<{ resendAfter: number }>('/api/user/bindings/phone/sendNewCode', body);
}

export function useSendNewPhoneCode() {
  return useMutation({ mutationFn: sendNewPhoneCode });
}
