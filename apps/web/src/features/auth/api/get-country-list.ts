import type { Country } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http';

export function fetchCountryList(): Promise<Country[]> {
  return post<Country[]>('/api/message/countryList');
}

export const countryListQueryKey = ['auth', 'country-list'] as const;

export const countryListQueryOptions = queryOptions({
  queryKey: countryListQueryKey,
  queryFn: fetchCountryList,
  // The list of dial codes does not change while the page is open.
  staleTime: Infinity,
});

export function useCountryList() {
  return useQuery(countryListQueryOptions);
}
