import type { UserWorkCount } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';
import { storeIsZoom } from '../stored-user';

/** The work-count flags; stores isZoom for the quota warning (spec §3). Needs a token. */
export async function fetchUserWorkCount(signal?: AbortSignal): Promise<UserWorkCount> {
  // Quiet: a background refresh of flags; a failure keeps the stored value.
  const flags = await get<UserWorkCount>('/api/postsV2/findUserWorkCount', undefined, {
    signal,
    quiet: true,
  });
  storeIsZoom(flags.isZoom);
  return flags;
}

export const userWorkCountQueryOptions = queryOptions({
  queryKey: queryKeys.auth.userWorkCount,
  queryFn: ({ signal }) => fetchUserWorkCount(signal),
});

export function useUserWorkCount() {
  return useQuery({ ...userWorkCountQueryOptions, enabled: isSignedIn() });
}
