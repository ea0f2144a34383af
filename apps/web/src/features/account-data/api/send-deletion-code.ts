import type { AccountDeletionCodeResult } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** POST /api/account/deletion/sendCode: a code to the account's own phone (errors toast). */
export function sendDeletionCode(): Promise<AccountDeletionCodeResult> {
  return post<AccountDeletionCodeResult>('/api/account/deletion/sendCode');
}

export function useSendDeletionCode() {
  return useMutation({ mutationFn: sendDeletionCode });
}
