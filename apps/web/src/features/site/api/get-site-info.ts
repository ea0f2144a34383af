import type { SiteInfo } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The two sites' addresses and the filings to show, from the server's configuration. */
export function fetchSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  // Quiet: the footer and the location check do without it rather than toast a failure.
  return get<SiteInfo>('/api/site/info', undefined, { signal, quiet: true });
}

export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.site.info,
    queryFn: ({ signal }) => fetchSiteInfo(signal),
    // Configuration: it changes with a deployment, which reloads the page anyway.
    staleTime: Infinity,
    retry: false,
  });
}

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
