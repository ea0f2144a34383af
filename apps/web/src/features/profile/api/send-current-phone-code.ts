import type { CurrentPhoneCodeResult } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** Step 1 of a phone change: a code to the account's own phone (quiet: the dialog says errors). */
export function sendCurrentPhoneCode(): Promise<CurrentPhoneCodeResult> {
  return post<CurrentPhoneCodeResult>('/api/user/bindings/phone/sendCurrentCode', undefined, {
    quiet: true,
  });
}

export function useSendCurrentPhoneCode() {
  return useMutation({ mutationFn: sendCurrentPhoneCode });
}
