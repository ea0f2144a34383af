import type { TeachingSite } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The configured teaching site (spec §7 links out), or null. Public. */
export function fetchTeachingSite(): Promise<TeachingSite> {
  return get<TeachingSite>('/api/program/teachingSite', undefined, { quiet: true });
}

export const teachingSiteQueryOptions = queryOptions({
  queryKey: queryKeys.auth.teachingSite,
  queryFn: fetchTeachingSite,
  staleTime: 10 * 60_000,
});

export function useTeachingSite() {
  return useQuery(teachingSiteQueryOptions);
}

/** The teaching site's address with the learner's mobileToken as a query (spec §7). */
export function teachingSiteHref(url: string, mobileToken: string): string {
  const href = new URL(url);
  href.searchParams.set('mobileToken', mobileToken);
  return href.toString();
}
