import type { PhoneCodeWait } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/user/bindings/phone/currentCodeWait: seconds before a code may go to the account's own
 * phone again (spec §9's 60 s rule; the sign-in by SMS has usually just sent one).
 */
export function fetchCurrentPhoneCodeWait(signal?: AbortSignal): Promise<PhoneCodeWait> {
  return get<PhoneCodeWait>('/api/user/bindings/phone/currentCodeWait', undefined, { signal });
}

export function currentPhoneCodeWaitQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: queryKeys.profile.currentPhoneCodeWait,
    queryFn: ({ signal }) => fetchCurrentPhoneCodeWait(signal),
    enabled,
    // A wait read earlier is wrong by now: every opening of the dialog asks again.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCurrentPhoneCodeWait(enabled: boolean) {
  return useQuery(currentPhoneCodeWaitQueryOptions(enabled));
}
