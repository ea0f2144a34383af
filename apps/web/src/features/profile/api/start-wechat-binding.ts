import type { WechatScene } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** A QR to scan with WeChat for binding it to this account (errors toast). */
export function startWechatBinding(): Promise<WechatScene> {
  return post<WechatScene>('/api/user/bindings/wechat/scene');
}

export function useStartWechatBinding() {
  return useMutation({ mutationFn: startWechatBinding });
}
