import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { page } from '../../../lib/page';

/** Ends the session on the server. */
export function logout(): Promise<{ loggedOut: true }> {
  return post<{ loggedOut: true }>('/api/auth/logout', undefined, { quiet: true });
}

/**
 * Whatever the server answered, everything stored locally goes (spec §3 keeps the token and the
 * user info there) and the page starts over, which also drops every cached answer.
 */
function forgetSession(): void {
  localStorage.clear();
  page.reload();
}

/** Signs out. */
export function useLogout() {
  return useMutation({ mutationFn: logout, onSettled: forgetSession });
}

/**
 * Signs out without a mutation hook: the header's account menu, on every page's first load,
 * imports this module only when 退出登录 is chosen.
 */
export function signOut(): Promise<void> {
  return logout().then(forgetSession, forgetSession);
}
