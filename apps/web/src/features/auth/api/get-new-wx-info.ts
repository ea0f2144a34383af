import type { WxInfo } from '@ninety/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The teacher's WeChat contact. Public. */
export function fetchWxInfo(): Promise<WxInfo> {
  return get<WxInfo>('/api/program/getNewWxInfo', undefined, { quiet: true });
}

export const wxInfoQueryOptions = queryOptions({
  queryKey: queryKeys.auth.wxInfo,
  queryFn: fetchWxInfo,
  staleTime: 10 * 60_000,
});

export function useWxInfo() {
  return useQuery(wxInfoQueryOptions);
}
