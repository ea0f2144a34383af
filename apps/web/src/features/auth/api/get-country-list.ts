import type { Country } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function fetchCountryList(): Promise<Country[]> {
  return post<Country[]>('/api/message/countryList');
}

export const countryListQueryOptions = queryOptions({
  queryKey: queryKeys.auth.countryList,
  queryFn: fetchCountryList,
  // The list of dial codes does not change while the page is open.
  staleTime: Infinity,
});

export function useCountryList() {
  return useQuery(countryListQueryOptions);
}
