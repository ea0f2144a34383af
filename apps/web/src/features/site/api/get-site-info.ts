import type { SiteInfo } from '@ninety/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { isRecord, quietGet } from './quiet-get';

const isOrigins = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((origin) => typeof origin === 'string');

const isFiling = (value: unknown): value is SiteInfo['icp'] =>
  value === null ||
  (isRecord(value) && typeof value['text'] === 'string' && typeof value['url'] === 'string');

function isSiteInfo(data: unknown): data is SiteInfo {
  return (
    isRecord(data) &&
    isOrigins(data['mainSites']) &&
    isOrigins(data['internationalSites']) &&
    isFiling(data['icp']) &&
    isFiling(data['publicSecurity'])
  );
}

/**
 * The two sites' addresses and the filings to show, from the server's configuration; null when
 * the server did not answer (the footer and the location check then do without).
 */
export function fetchSiteInfo(signal?: AbortSignal): Promise<SiteInfo | null> {
  return quietGet('/api/site/info', isSiteInfo, signal);
}

export function siteInfoQueryOptions() {
  return {
    queryKey: queryKeys.site.info,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchSiteInfo(signal),
    // Configuration: it changes with a deployment, which reloads the page anyway.
    staleTime: Infinity,
    retry: false,
  } as const;
}

/**
 * The site info once it is in (undefined before; null when the server did not answer). Read
 * through the query client's cache without a query observer: the shell asks on every page, and
 * useQuery's observer code would otherwise be in a newcomer's home page only for this.
 */
export function useSiteInfo(): SiteInfo | null | undefined {
  const client = useQueryClient();
  const [info, setInfo] = useState(() => client.getQueryData<SiteInfo | null>(queryKeys.site.info));
  useEffect(() => {
    if (info !== undefined) return;
    let isCurrent = true;
    client.fetchQuery(siteInfoQueryOptions()).then(
      (data) => isCurrent && setInfo(data),
      () => isCurrent && setInfo(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, info]);
  return info;
}
