import { createHash } from 'node:crypto';
import {
  DEFAULT_PHONECODE,
  ErrorCode,
  SMS_SIGN_EXPIRE,
  smsSignPayload,
  type SmsSignFields,
} from '@ninety/contract';
import { AppError } from '../../lib/app-error';

/**
 * Checks the spec's request signature and freshness (spec §7): the header fields and the body's
 * phonecode, sorted and joined, plus the shared key, as upper-case hex MD5; `ts` a 10-digit Unix
 * time within `expire` seconds. The spec's original field set (no phonecode) is accepted for the
 * default dial code only, so a signed request cannot be re-aimed at another country (ADR 0013).
 */
export function verifySmsSignature(
  fields: SmsSignFields,
  sign: string,
  key: string,
  now: Date,
): void {
  if (fields.expire !== String(SMS_SIGN_EXPIRE))
    throw new AppError(ErrorCode.BadSignature, '请求签名参数 expire 无效');
  if (!/^\d{10}$/.test(fields.ts)) throw new AppError(ErrorCode.BadSignature, '请求时间戳格式无效');
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - Number(fields.ts));
  if (skew > SMS_SIGN_EXPIRE)
    throw new AppError(ErrorCode.BadSignature, '请求已过期，请检查设备时间后重试');
  const { phonecode, ...headerFields } = fields;
  const accepted = [signatureOf(fields, key)];
  if (phonecode === undefined || phonecode === DEFAULT_PHONECODE) {
    accepted.push(signatureOf(headerFields, key));
  }
  if (!accepted.includes(sign.toUpperCase())) throw new AppError(ErrorCode.BadSignature);
}

function signatureOf(fields: SmsSignFields, key: string): string {
  return createHash('md5').update(smsSignPayload(fields, key)).digest('hex').toUpperCase();
}
