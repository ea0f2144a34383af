import type { CurrentPhoneCodeResult } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** Step 1 of a phone change: a code to the account's own phone (errors toast). */
export function sendCurrentPhoneCode(): Promise<CurrentPhoneCodeResult> {
  return post<CurrentPhoneCodeResult>('/api/user/bindings/phone/sendCurrentCode');
}

export function useSendCurrentPhoneCode() {
  return useMutation({ mutationFn: sendCurrentPhoneCode });
}
