import type { Bindings } from '@ninety/contract';
import { get } from '../../../lib/http';

/**
 * One poll of the binding QR: resolves with the bindings once the scan is bound; rejects with
 * code 2 while waiting, 40005 when the QR is gone, 40007 for a WeChat of another account. Quiet:
 * the dialog decides what to show.
 */
export function pollWechatBinding(sceneId: string, signal?: AbortSignal): Promise<Bindings> {
  return get<Bindings>('/api/user/bindings/wechat/scene', { sceneId }, { quiet: true, signal });
}
