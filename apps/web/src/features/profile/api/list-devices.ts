import type { DeviceSessionList } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { isSignedIn } from '../../../lib/session';

/** The learner's signed-in devices, most recently active first, this one marked. */
export function fetchDevices(signal?: AbortSignal): Promise<DeviceSessionList> {
  return get<DeviceSessionList>('/api/auth/sessions', undefined, { signal });
}

export function devicesQueryOptions(hasToken: boolean = isSignedIn()) {
  return queryOptions({
    queryKey: queryKeys.profile.devices,
    queryFn: ({ signal }) => fetchDevices(signal),
    enabled: hasToken,
  });
}

export function useDevices() {
  return useQuery(devicesQueryOptions());
}
