import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { SimulatedIdentity } from './wechat-identities';

/** Scan as an existing identity (`openId`) or as a new one with this nickname. */
export type WechatScanAs = { openId: string } | { nickname: string };

export function scanWechatScene(sceneId: string, as: WechatScanAs): Promise<SimulatedIdentity> {
  return post<SimulatedIdentity>('/api/dev/wechat/scan', { sceneId, ...as }, { quiet: true });
}

export function useWechatScan(sceneId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (as: WechatScanAs) => scanWechatScene(sceneId, as),
    // Also after a failure: the server creates a new identity before it looks at the scene.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.wechatIdentities }),
  });
}
