import type { TokenResult } from '@ninety/contract';
import { post } from '../../../lib/http';

/** Exchanges the mobile app's one-time mobileToken for a web session (spec §4). Quiet. */
export function getTokenByMobileToken(mobileToken: string): Promise<TokenResult> {
  return post<TokenResult>('/api/auth/getTokenByMobileToken', undefined, {
    headers: { mobileToken },
    quiet: true,
  });
}
