import { ErrorCode, type QrLoginInfo } from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { issueSession, type RequestMeta, type SessionDeps } from '../sessions/sessions.service';
import { findUser } from '../users/users.service';
import {
  cancelQrLogin,
  confirmQrLogin,
  consumeQrLogin,
  findOrStartQrLogin,
  markScanned,
  type QrLoginRow,
} from './qr-login.repository';

/** A code is good for two minutes from its first poll; then the dialog makes a fresh one. */
export const QR_TTL_SECONDS = 120;
/** A confirmation is still collected this long after the code's own expiry. */
const CONFIRMED_GRACE_SECONDS = 60;

function statusOf(row: QrLoginRow, now: Date): QrLoginInfo['status'] {
  const live = row.status === 'waiting' || row.status === 'scanned';
  return live && row.expiresAt <= now ? 'expired' : (row.status as QrLoginInfo['status']);
}

/** The desktop's poll: code 2 while waiting, then a new token once. */
export async function pollQrLogin(
  deps: SessionDeps,
  uuid: string,
  meta: RequestMeta,
): Promise<string> {
  const now = deps.clock.now();
  const row = await findOrStartQrLogin(deps.db, {
    uuid,
    expiresAt: addSeconds(now, QR_TTL_SECONDS),
    requestIp: meta.ip,
    requestUserAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  const status = statusOf(row, now);
  if (status === 'waiting') throw new AppError(ErrorCode.QrPending, '等待扫码');
  if (status === 'scanned') throw new AppError(ErrorCode.QrPending, '已扫码，请在手机上确认登录');
  if (status === 'canceled')
    throw new AppError(ErrorCode.QrExpired, '已在手机上取消登录，请刷新二维码');
  if (status === 'confirmed' && addSeconds(row.expiresAt, CONFIRMED_GRACE_SECONDS) > now) {
    const userId = await consumeQrLogin(deps.db, uuid);
    const user = userId === null ? null : await findUser(deps, userId);
    if (user) return issueSession(deps, user, meta);
  }
  throw new AppError(ErrorCode.QrExpired);
}

/** What the phone is about to sign in; opening it tells the desktop the code was scanned. */
export async function describeQrLogin(
  deps: SessionDeps,
  uuid: string,
  userId: number,
): Promise<QrLoginInfo> {
  const now = deps.clock.now();
  // A phone may scan before the desktop's first poll has reached us: its look starts the wait too.
  const row = await findOrStartQrLogin(deps.db, {
    uuid,
    expiresAt: addSeconds(now, QR_TTL_SECONDS),
    requestIp: null,
    requestUserAgent: null,
  });
  await markScanned(deps.db, uuid, now, userId);
  const status = row.status === 'waiting' && row.expiresAt > now ? 'scanned' : statusOf(row, now);
  return {
    uuid,
    status,
    expiresAt: row.expiresAt.toISOString(),
    requestedFrom: { ip: row.requestIp, userAgent: row.requestUserAgent },
  };
}

export async function confirmQr(deps: SessionDeps, uuid: string, userId: number): Promise<void> {
  if (!(await confirmQrLogin(deps.db, uuid, userId, deps.clock.now())))
    throw new AppError(ErrorCode.QrExpired);
}

/** Another user's code answers as an expired one: whether it exists is not theirs to learn. */
export async function cancelQr(deps: SessionDeps, uuid: string, userId: number): Promise<void> {
  if (!(await cancelQrLogin(deps.db, uuid, userId))) throw new AppError(ErrorCode.QrExpired);
}
