import { ErrorCode, sessionInvalidCodes } from '@ninety/contract';
import { HttpError } from '../../lib/http';

const FALLBACK_TEXT = '操作失败，请稍后再试';

/** The code can no longer be used: only a fresh QR on the desktop helps. */
export function isQrGone(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    (error.code === ErrorCode.QrExpired || error.code === ErrorCode.NotFound)
  );
}

/**
 * Trying again may help: not when the code is gone, nor when the session ended (the HTTP client
 * then signs out and reloads the page, which asks to sign in).
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  if (error.kind === 'session-ended') return false;
  if (error.code !== undefined && sessionInvalidCodes.includes(error.code)) return false;
  return !isQrGone(error);
}

export function qrErrorText(error: unknown): string {
  if (!(error instanceof HttpError)) return FALLBACK_TEXT;
  if (error.code === ErrorCode.QrExpired) return '二维码已过期，请在电脑上刷新二维码';
  if (error.code === ErrorCode.NotFound) return '二维码不存在或已过期';
  return error.msg || FALLBACK_TEXT;
}
