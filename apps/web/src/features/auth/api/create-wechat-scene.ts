import type { WechatScene } from '@ninety/contract';
import { post } from '../../../lib/http';

/** A WeChat QR image and its scene id (POST /api/auth/callBack). Each call makes a new scene. */
export function createWechatScene(signal?: AbortSignal): Promise<WechatScene> {
  return post<WechatScene>('/api/auth/callBack', undefined, { signal });
}
