import type { WechatAuthorize } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { get } from '../../../lib/http';
import { ordersPaths } from './paths';

export interface WechatAuthorizeRequest {
  orderNo: string;
  state: string;
}

/**
 * Inside WeChat: the web authorisation (snsapi_base) that comes back to this order's payment
 * window with a code. Asked for on the click, not cached: each URL carries a fresh state.
 */
export function fetchWechatAuthorize({
  orderNo,
  state,
}: WechatAuthorizeRequest): Promise<WechatAuthorize> {
  return get<WechatAuthorize>(ordersPaths.wechatAuthorize(orderNo), { state });
}

export function useWechatAuthorize() {
  return useMutation({ mutationFn: fetchWechatAuthorize });
}
