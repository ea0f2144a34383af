import type { AccountDeletionResult, DeleteAccountBody } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { page } from '../../../lib/page';
import { sessionKeys } from '../../../lib/storage-keys';

/** POST /api/account/delete: deletes the account once the code is right (errors toast). */
export function deleteAccount(body: DeleteAccountBody): Promise<AccountDeletionResult> {
  return post<AccountDeletionResult>('/api/account/delete', body);
}

/**
 * Deletes the account, then signs out as logout does (everything stored locally goes) and starts
 * over on the home page, which says the account was deleted.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      try {
        localStorage.clear();
        sessionStorage.setItem(sessionKeys.accountDeleted, '1');
      } catch {
        // Storage disabled: nothing stored to clear, and the home page shows no notice.
      }
      page.assign('/');
    },
  });
}
