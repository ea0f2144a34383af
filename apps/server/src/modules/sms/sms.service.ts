import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  SMS_RESEND_SECONDS,
  SMS_SIGN_EXPIRE,
  type SmsSignFields,
} from '@ninety/contract';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds, type Clock } from '../../lib/clock';
import { hmac, safeEqualHex } from '../../lib/tokens';
import { isValidPhone } from './phone';
import { verifySmsSignature } from './sms-signature';
import {
  consumeCode,
  countSendsForPhone,
  countSendsFromIp,
  insertCode,
  latestCodeFor,
  lockSendsFor,
  rememberSignature,
  takeAttempt,
  takeAttemptFrom,
  deleteCodesFor,
} from './sms-codes.repository';

/** A signature's ts may be up to SMS_SIGN_EXPIRE either side of now: remember it that long. */
const SIGNATURE_MEMORY_SECONDS = 2 * SMS_SIGN_EXPIRE + 60;

/**
 * design.md §4: the code policy, scoped by network (ADR 0013, issue 18 finding 11) so that a
 * stranger cannot lock a phone's owner out of SMS sign-in: 5 wrong tries burn a code for the
 * network they came from, and a network may ask 10 codes a day for one phone. The totals across
 * networks stay small enough to keep guessing hopeless (15 tries of 10^6) and SMS costs bounded.
 */
export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_ATTEMPTS = 5;
export const MAX_ATTEMPTS_ALL_NETWORKS = 3 * MAX_ATTEMPTS;
export const DAILY_SENDS_PER_PHONE = 10;
export const DAILY_SENDS_PER_PHONE_ALL_NETWORKS = 2 * DAILY_SENDS_PER_PHONE;

export interface SmsDeps {
  db: Db;
  clock: Clock;
  sender: SmsSender;
  secret: string;
  ipHourlyLimit: number;
}

export interface PhoneNumber {
  phonecode: string;
  phone: string;
}

function codeHash(secret: string, { phonecode, phone }: PhoneNumber, code: string): string {
  return hmac(secret, `${phonecode}:${phone}:${code}`);
}

export function assertValidPhone(number: PhoneNumber): void {
  if (!isValidPhone(number.phonecode, number.phone)) {
    throw new AppError(ErrorCode.InvalidInput, '手机号格式不正确，请检查国家/地区区号和号码');
  }
}

/**
 * sendSms as the web calls it: the request headers signed with the shared key (spec §4), for the
 * phone in the body; then a fresh code as sendLoginCode sends it.
 */
export async function sendSignedLoginCode(
  deps: SmsDeps,
  signKey: string,
  fields: SmsSignFields,
  body: PhoneNumber & { sign: string },
  ip: string | null,
): Promise<{ resendAfter: number }> {
  verifySmsSignature(
    { ...fields, phonecode: body.phonecode },
    body.sign,
    signKey,
    deps.clock.now(),
  );
  if (fields.phone !== body.phone) {
    throw new AppError(ErrorCode.BadSignature, '请求签名与手机号不一致');
  }
  // A signature is good once: replayed within its window (ts ± expire) it used to send again.
  if (!(await rememberSignature(deps.db, body.sign.toUpperCase(), SIGNATURE_MEMORY_SECONDS))) {
    throw new AppError(ErrorCode.BadSignature, '请求已使用过，请重新获取验证码');
  }
  return sendLoginCode(deps, { phonecode: body.phonecode, phone: body.phone }, ip);
}

/** Whole seconds before the 60 s rule lets another code go, from the latest code's time. */
function resendWait(latest: { createdAt: Date } | null, now: Date): number {
  if (!latest) return 0;
  const waited = (now.getTime() - latest.createdAt.getTime()) / 1000;
  return waited < SMS_RESEND_SECONDS ? Math.ceil(SMS_RESEND_SECONDS - waited) : 0;
}

/**
 * Seconds before sendLoginCode will send to this number again (0: now). Only for a number the
 * caller has proven is theirs: it tells when the number last received a code.
 */
export async function resendWaitFor(deps: SmsDeps, number: PhoneNumber): Promise<number> {
  const latest = await latestCodeFor(deps.db, number.phonecode, number.phone);
  return resendWait(latest, deps.clock.now());
}

/**
 * Sends a fresh code. The same answer goes to every phone, registered or not, so nothing here
 * tells whether an account exists.
 */
export async function sendLoginCode(
  deps: SmsDeps,
  number: PhoneNumber,
  ip: string | null,
): Promise<{ resendAfter: number }> {
  assertValidPhone(number);
  await deps.db.transaction(async (tx) => {
    // Serialises sends per phone so two quick requests cannot both pass the 60 s rule.
    await lockSendsFor(tx, number.phonecode, number.phone);
    const now = deps.clock.now();
    const left = resendWait(await latestCodeFor(tx, number.phonecode, number.phone), now);
    if (left > 0) {
      throw new AppError(ErrorCode.TooManyRequests, `发送太频繁，请 ${left} 秒后再试`);
    }
    const dayAgo = addSeconds(now, -24 * 3600);
    const fromHere = await countSendsForPhone(tx, number.phonecode, number.phone, dayAgo, ip);
    const fromAnywhere = await countSendsForPhone(tx, number.phonecode, number.phone, dayAgo);
    if (fromHere >= DAILY_SENDS_PER_PHONE || fromAnywhere >= DAILY_SENDS_PER_PHONE_ALL_NETWORKS) {
      throw new AppError(
        ErrorCode.TooManyRequests,
        '该手机号今日获取验证码次数已达上限（若不是你本人操作，可能有人在尝试用你的号码登录）。请改用微信或 App 扫码登录，或明天再试',
      );
    }
    if (ip && (await countSendsFromIp(tx, ip, addSeconds(now, -3600))) >= deps.ipHourlyLimit) {
      throw new AppError(ErrorCode.TooManyRequests, '当前网络获取验证码次数过多，请稍后再试');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await insertCode(tx, {
      phonecode: number.phonecode,
      phone: number.phone,
      codeHash: codeHash(deps.secret, number, code),
      ip,
      createdAt: now,
      expiresAt: addSeconds(now, CODE_TTL_SECONDS),
    });
    try {
      await deps.sender.sendCode({
        phonecode: number.phonecode,
        phone: number.phone,
        code,
        minutes: CODE_TTL_SECONDS / 60,
      });
    } catch (error) {
      // Rolling back removes the code, so the learner may ask again at once.
      throw new AppError(ErrorCode.Unavailable, '短信发送失败，请稍后再试', 503, { cause: error });
    }
  });
  return { resendAfter: SMS_RESEND_SECONDS };
}

/**
 * Checks and uses the latest code sent to the phone; throws 40002/40003/40004 otherwise. Tries
 * are counted per network (`ip`), so wrong guesses from elsewhere do not burn the owner's code.
 */
export async function verifyLoginCode(
  deps: SmsDeps,
  number: PhoneNumber,
  code: string,
  ip: string | null,
): Promise<void> {
  const latest = await latestCodeFor(deps.db, number.phonecode, number.phone);
  const now = deps.clock.now();
  if (!latest || latest.consumedAt || latest.expiresAt <= now)
    throw new AppError(ErrorCode.SmsCodeExpired);
  if (latest.attempts >= MAX_ATTEMPTS_ALL_NETWORKS)
    throw new AppError(ErrorCode.SmsCodeTooManyAttempts);
  // Tries are counted before the comparison, so parallel guesses cannot exceed either limit.
  const seconds = Math.max(1, Math.ceil((latest.expiresAt.getTime() - now.getTime()) / 1000));
  const here = await takeAttemptFrom(deps.db, latest.id, ip, MAX_ATTEMPTS, seconds);
  if (here === null) throw new AppError(ErrorCode.SmsCodeTooManyAttempts);
  const all = await takeAttempt(deps.db, latest.id, MAX_ATTEMPTS_ALL_NETWORKS);
  if (all === null) throw new AppError(ErrorCode.SmsCodeTooManyAttempts);
  if (!safeEqualHex(latest.codeHash, codeHash(deps.secret, number, code))) {
    if (here >= MAX_ATTEMPTS || all >= MAX_ATTEMPTS_ALL_NETWORKS)
      throw new AppError(ErrorCode.SmsCodeTooManyAttempts);
    throw new AppError(ErrorCode.SmsCodeWrong, `验证码错误，还可尝试 ${MAX_ATTEMPTS - here} 次`);
  }
  if (!(await consumeCode(deps.db, latest.id, now))) throw new AppError(ErrorCode.SmsCodeExpired);
}

/** Forgets the codes sent to a phone (an account deletion; `db` is its transaction). */
export async function forgetCodesOf(db: Db, number: PhoneNumber): Promise<void> {
  await deleteCodesFor(db, number.phonecode, number.phone);
}
