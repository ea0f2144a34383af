import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A WeChat identity made in the local simulator. */
export interface SimulatedIdentity {
  openId: string;
  nickname: string;
  hasPhone: boolean;
}

export function fetchWechatIdentities(signal?: AbortSignal): Promise<SimulatedIdentity[]> {
  return get<SimulatedIdentity[]>('/api/dev/wechat/identities', undefined, { quiet: true, signal });
}

export function wechatIdentitiesOptions() {
  return queryOptions({
    queryKey: queryKeys.dev.wechatIdentities,
    queryFn: ({ signal }) => fetchWechatIdentities(signal),
  });
}

export function useWechatIdentities() {
  return useQuery(wechatIdentitiesOptions());
}
