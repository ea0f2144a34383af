import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { page } from '../../../lib/page';

/** Ends the session on the server. */
export function logout(): Promise<{ loggedOut: true }> {
  return post<{ loggedOut: true }>('/api/auth/logout', undefined, { quiet: true });
}

/**
 * Signs out: whatever the server answers, everything stored locally goes (spec §3 keeps the token
 * and the user info there) and the page starts over, which also drops every cached answer.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      localStorage.clear();
      page.reload();
    },
  });
}
