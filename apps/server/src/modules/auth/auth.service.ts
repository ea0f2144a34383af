import { ErrorCode } from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import { issueSession, type RequestMeta, type SessionDeps } from '../sessions/sessions.service';
import { verifyLoginCode, type PhoneNumber, type SmsDeps } from '../sms/sms.service';
import { ensurePhoneUser, findUser, type QuotaPolicy } from '../users/users.service';
import { insertMobileToken, pruneMobileTokens, useMobileToken } from './mobile-tokens.repository';

/** How long a mobileToken may wait before it is exchanged. */
export const MOBILE_TOKEN_TTL_SECONDS = 10 * 60;

export interface AuthDeps extends SessionDeps {
  sms: SmsDeps;
  quota: QuotaPolicy;
}

export async function loginWithPhone(
  deps: AuthDeps,
  input: PhoneNumber & { code: string },
  meta: RequestMeta,
): Promise<string> {
  await verifyLoginCode(deps.sms, input, input.code, meta.ip);
  const user = await ensurePhoneUser(deps, input);
  return issueSession(deps, user, meta);
}

/** A fresh single-use token for the app or the teaching site, tied to this session. */
export async function issueMobileToken(
  deps: SessionDeps,
  userId: number,
  sessionId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.clock.now();
  await pruneMobileTokens(deps.db, sessionId, now);
  const token = newToken();
  const expiresAt = addSeconds(now, MOBILE_TOKEN_TTL_SECONDS);
  await insertMobileToken(deps.db, { tokenHash: hashToken(token), userId, sessionId, expiresAt });
  return { token, expiresAt };
}

export async function exchangeMobileToken(
  deps: SessionDeps,
  mobileToken: string | undefined,
  meta: RequestMeta,
): Promise<string> {
  if (!mobileToken) throw new AppError(ErrorCode.MobileTokenInvalid, '缺少 mobileToken');
  const userId = await useMobileToken(deps.db, hashToken(mobileToken), deps.clock.now());
  const user = userId === null ? null : await findUser(deps, userId);
  if (!user) throw new AppError(ErrorCode.MobileTokenInvalid);
  return issueSession(deps, user, meta);
}
