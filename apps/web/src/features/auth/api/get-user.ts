import type { UserInfo } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';
import { readStoredUser, storeUser } from '../stored-user';
import { userWorkCountQueryOptions } from './find-user-work-count';

/** Fetches the signed-in user and keeps a copy in local storage (spec §3). Needs a token. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserInfo> {
  const user = await get<UserInfo>('/api/auth/getUser', undefined, { signal });
  storeUser(user);
  return user;
}

/**
 * Enabled only with a stored token: a protected call without one would answer 10006 and set the
 * session-invalid flag, which silences every later call of the page.
 */
export function currentUserQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.auth.currentUser,
    queryFn: async ({ client, signal }) => {
      const user = await fetchCurrentUser(signal);
      // The work-count flags follow the user info (spec §3: isZoom is stored locally).
      void client.prefetchQuery(userWorkCountQueryOptions);
      return user;
    },
    enabled: hasToken,
    // Show the stored copy at once, but count it as old so that it is refreshed on mount.
    initialData: hasToken ? readStoredUser() : undefined,
    initialDataUpdatedAt: 0,
  });
}

/** The signed-in user, or undefined when signed out (or before the first answer). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
