import type { Bindings } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** GET /api/user/bindings: the sign-in phone (masked) and the bound WeChat. */
export function fetchBindings(signal?: AbortSignal): Promise<Bindings> {
  return get<Bindings>('/api/user/bindings', undefined, { signal });
}

export function bindingsQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.profile.bindings,
    queryFn: ({ signal }) => fetchBindings(signal),
    enabled: hasToken,
  });
}

export function useBindings() {
  return useQuery(bindingsQueryOptions());
}
