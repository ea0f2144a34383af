import type { QrLoginInfo } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** What the desktop asked to sign in. Opening it also tells the desktop the code was scanned. */
export function fetchQrLoginInfo(uuid: string, signal?: AbortSignal): Promise<QrLoginInfo> {
  return get<QrLoginInfo>('/api/user/qrLogin', { uuid }, { quiet: true, signal });
}

export function qrLoginInfoOptions(uuid: string) {
  return queryOptions({
    queryKey: queryKeys.qrLogin.info(uuid),
    queryFn: ({ signal }) => fetchQrLoginInfo(uuid, signal),
  });
}

export function useQrLoginInfo(uuid: string) {
  return useQuery(qrLoginInfoOptions(uuid));
}
