import type { TokenResult } from '@ninety/contract';
import { get } from '../../../lib/http';

/**
 * One poll of a WeChat scene (spec §4). Resolves with the token; rejects with code 2 while waiting,
 * 1011 (msg = userCode) when the WeChat identity has no phone yet, 40005 once the scene is gone.
 * Quiet: the dialog decides what to show.
 */
export function verifySceneId(sceneId: string, signal?: AbortSignal): Promise<TokenResult> {
  return get<TokenResult>('/api/auth/verifySceneId', { sceneId }, { quiet: true, signal });
}
