import { ErrorCode } from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds, type Clock } from '../../lib/clock';
import type { AuthContext, RequestMeta, UserRow } from '../../lib/request-auth';
import { hashToken, newToken } from '../../lib/tokens';
import {
  findSessionWithUser,
  insertSession,
  liveSessionsOf,
  revokeAllUserSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  touchSession,
  sessionsAfter,
} from './sessions.repository';

/** design.md §4: 30-day sliding expiry. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Sliding the expiry at most once a minute keeps authenticated reads from writing every time. */
const TOUCH_INTERVAL_MS = 60_000;
/** The client type whose sessions the one-web-session policy limits. */
export const WEB_CLIENT_TYPE = 'pcweb';

export type { AuthContext, RequestMeta };

export interface SessionDeps {
  db: Db;
  clock: Clock;
}

export async function issueSession(
  deps: SessionDeps,
  user: Pick<UserRow, 'id' | 'isDisabled' | 'isSingleWebSession'>,
  meta: RequestMeta,
): Promise<string> {
  if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
  const now = deps.clock.now();
  const token = newToken();
  const sessionId = await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    clientType: meta.clientType,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
  });
  if (user.isSingleWebSession && meta.clientType === WEB_CLIENT_TYPE) {
    await revokeOtherSessions(deps.db, user.id, WEB_CLIENT_TYPE, sessionId, now);
  }
  return token;
}

/** Resolves the `token` header to a signed-in user, or the spec's session error code. */
export async function authenticate(
  deps: SessionDeps,
  token: string | undefined,
): Promise<AuthContext> {
  if (!token) throw new AppError(ErrorCode.TokenMissing);
  const found = await findSessionWithUser(deps.db, hashToken(token));
  if (!found) throw new AppError(ErrorCode.TokenMissing);
  const { session, user } = found;
  const now = deps.clock.now();
  if (session.revokedAt) throw new AppError(ErrorCode.SessionRevoked);
  if (session.expiresAt <= now) throw new AppError(ErrorCode.SessionExpired);
  if (user.isDisabled) throw new AppError(ErrorCode.AccountDisabled);
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, session.id, now, addSeconds(now, SESSION_TTL_SECONDS));
  }
  return { user, sessionId: session.id };
}

export async function endSession(deps: SessionDeps, sessionId: number): Promise<void> {
  await revokeSession(deps.db, sessionId, 'logout', deps.clock.now());
}

/** One page of the learner's sessions (devices), after `afterId` (0 first): the data export. */
export async function sessionsPage(
  deps: { db: Db },
  userId: number,
  afterId: number,
  limit: number,
) {
  return sessionsAfter(deps.db, userId, afterId, limit);
}

/** The learner's signed-in devices (个人中心), newest activity first. */
export async function listDevices(deps: SessionDeps, userId: number) {
  return liveSessionsOf(deps.db, userId, deps.clock.now());
}

/**
 * Signs one of the learner's devices out (个人中心). Signing out this very device is the same as
 * logging out. An id that is not a live session of this learner is refused as not found, so ids
 * of other learners' sessions cannot be probed.
 */
export async function signOutDevice(
  deps: SessionDeps,
  auth: AuthContext,
  id: number,
): Promise<{ signedOut: number; current: boolean }> {
  const ended = await revokeUserSession(deps.db, auth.user.id, id, 'signed-out', deps.clock.now());
  if (ended === 0) throw new AppError(ErrorCode.NotFound, '该设备已退出登录');
  return { signedOut: ended, current: id === auth.sessionId };
}

/** Signs every device of the learner out, this one too ("someone else has my account"). */
export async function signOutAllDevices(
  deps: SessionDeps,
  userId: number,
): Promise<{ signedOut: number; current: boolean }> {
  const ended = await revokeAllUserSessions(deps.db, userId, 'signed-out-all', deps.clock.now());
  return { signedOut: ended, current: true };
}

/**
 * Signs out every device of the learner but this one (`db` may be a transaction): after the
 * sign-in phone changes, whoever held the old number must not stay signed in (ADR 0031).
 */
export async function signOutOtherDevices(
  db: Db,
  now: Date,
  userId: number,
  keepSessionId: number,
  reason: string,
): Promise<number> {
  return revokeAllUserSessions(db, userId, reason, now, keepSessionId);
}
