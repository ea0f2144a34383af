/**
 * 个人中心's sign-in bindings (ADR 0031): see the phone and WeChat, move the account to another
 * phone (the old one proven by a code, the new one by a code), bind WeChat by a scan and unbind
 * it. An account always keeps a way to sign in: WeChat cannot be unbound from an account with no
 * phone, and the phone can only be replaced, never removed.
 */
import {
  ErrorCode,
  PHONE_CHANGE_PROOF_SECONDS,
  type Bindings,
  type ChangePhoneResult,
  type CurrentPhoneCodeResult,
  type PhoneChangeProof,
  type PhoneCodeWait,
  type WechatScene,
  maskPhone,
} from '@ninety/contract';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { hmac, safeEqualHex } from '../../lib/tokens';
import type { AuthContext } from '../sessions/sessions.service';
import { signOutOtherDevices } from '../sessions/sessions.service';
import {
  assertValidPhone,
  resendWaitFor,
  sendLoginCode,
  verifyLoginCode,
  type PhoneNumber,
} from '../sms/sms.service';
import { changePhone, findUser, type UserRow } from '../users/users.service';
import {
  bindSceneToUser,
  boundIdentities,
  createScene,
  forgetIdentitiesOf,
  type WechatDeps,
} from '../wechat/wechat.service';
import { toBindings } from './bindings.mapper';

export type BindingsDeps = WechatDeps;

/** Why other devices were signed out, as the sessions table records it. */
export const PHONE_CHANGED_REASON = 'phone-changed';

async function requireUser(deps: BindingsDeps, userId: number): Promise<UserRow> {
  const user = await findUser(deps, userId);
  if (!user) throw new AppError(ErrorCode.TokenMissing);
  return user;
}

export async function bindingsOf(deps: BindingsDeps, userId: number): Promise<Bindings> {
  const user = await requireUser(deps, userId);
  const [wechat] = await boundIdentities(deps, userId);
  return toBindings(user, wechat ?? null);
}

function currentNumber(user: UserRow): PhoneNumber | null {
  return user.phone && user.phonecode ? { phonecode: user.phonecode, phone: user.phone } : null;
}

/** Step 1 of a phone change: a code to the account's own phone (never to one from the request). */
export async function sendCurrentPhoneCode(
  deps: BindingsDeps,
  userId: number,
  ip: string | null,
): Promise<CurrentPhoneCodeResult> {
  const number = currentNumber(await requireUser(deps, userId));
  if (!number) throw new AppError(ErrorCode.InvalidInput, '账号尚未绑定手机号，可直接绑定新手机号');
  const { resendAfter } = await sendLoginCode(deps.sms, number, ip);
  return { phone: maskPhone(number.phone), phonecode: number.phonecode, resendAfter };
}

/**
 * How long before step 1 can send: the account's phone may have had a code a moment ago (the
 * sign-in's own), and the dialog counts that wait down instead of being refused.
 */
export async function currentPhoneCodeWait(
  deps: BindingsDeps,
  userId: number,
): Promise<PhoneCodeWait> {
  const number = currentNumber(await requireUser(deps, userId));
  return { resendIn: number ? await resendWaitFor(deps.sms, number) : 0 };
}

/**
 * The proof is an HMAC over the learner, this session and the number proven, with its end: no
 * table, and it dies with the session, when it ends, and as soon as the number changes.
 */
function proofOf(
  secret: string,
  auth: AuthContext,
  number: PhoneNumber | null,
  expiresAtSeconds: number,
): string {
  const subject = number ? `${number.phonecode}:${number.phone}` : 'none';
  return hmac(
    secret,
    `phone-change:${auth.user.id}:${auth.sessionId}:${subject}:${expiresAtSeconds}`,
  );
}

/** Step 2: the code sent to the current phone, checked; answers the proof the change needs. */
export async function verifyCurrentPhone(
  deps: BindingsDeps,
  auth: AuthContext,
  code: string,
  ip: string | null,
): Promise<PhoneChangeProof> {
  const number = currentNumber(await requireUser(deps, auth.user.id));
  if (!number) throw new AppError(ErrorCode.InvalidInput, '账号尚未绑定手机号，可直接绑定新手机号');
  await verifyLoginCode(deps.sms, number, code, ip);
  const expiresAt = addSeconds(deps.clock.now(), PHONE_CHANGE_PROOF_SECONDS);
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return {
    proof: `${seconds}.${proofOf(deps.sms.secret, auth, number, seconds)}`,
    expiresAt: new Date(seconds * 1000).toISOString(),
  };
}

function assertProof(
  deps: BindingsDeps,
  auth: AuthContext,
  number: PhoneNumber | null,
  proof: string | undefined,
): void {
  // An account without a phone has nothing old to prove: the session is the proof.
  if (!number) return;
  const [secondsText, mac] = (proof ?? '').split('.', 2);
  const seconds = Number(secondsText);
  if (
    !proof ||
    !mac ||
    !/^[0-9a-f]{64}$/.test(mac) ||
    !Number.isSafeInteger(seconds) ||
    !safeEqualHex(mac, proofOf(deps.sms.secret, auth, number, seconds))
  ) {
    throw new AppError(ErrorCode.InvalidInput, '请先验证原手机号');
  }
  if (seconds * 1000 <= deps.clock.now().getTime()) {
    throw new AppError(ErrorCode.InvalidInput, '原手机号验证已过期，请重新验证');
  }
}

/** Step 3: a code to the new phone, after the old one is proven (same limits as sign-in codes). */
export async function sendNewPhoneCode(
  deps: BindingsDeps,
  auth: AuthContext,
  input: PhoneNumber & { proof?: string | undefined },
  ip: string | null,
): Promise<{ resendAfter: number }> {
  const user = await requireUser(deps, auth.user.id);
  assertProof(deps, auth, currentNumber(user), input.proof);
  assertValidPhone(input);
  if (user.phone === input.phone && user.phonecode === input.phonecode) {
    throw new AppError(ErrorCode.InvalidInput, '新手机号与当前绑定的手机号相同');
  }
  // Whether the number has an account is said only after its code is proven (changePhone), so a
  // signed-in learner cannot use this to find out who is registered.
  return sendLoginCode(deps.sms, input, ip);
}

/**
 * Step 4: the new phone's code, checked, moves the account's sign-in to it; every other device is
 * signed out (whoever held the old number), this one stays.
 */
export async function changeBoundPhone(
  deps: BindingsDeps,
  auth: AuthContext,
  input: PhoneNumber & { code: string; proof?: string | undefined },
  ip: string | null,
): Promise<ChangePhoneResult> {
  const user = await requireUser(deps, auth.user.id);
  const old = currentNumber(user);
  assertProof(deps, auth, old, input.proof);
  assertValidPhone(input);
  if (old && old.phone === input.phone && old.phonecode === input.phonecode) {
    throw new AppError(ErrorCode.InvalidInput, '新手机号与当前绑定的手机号相同');
  }
  await verifyLoginCode(deps.sms, input, input.code, ip);
  const next = { phonecode: input.phonecode, phone: input.phone };
  const { changed, signedOutDevices } = await deps.db.transaction(async (tx) => {
    const changed = await changePhone(
      tx,
      user.id,
      { phonecode: user.phonecode, phone: user.phone },
      next,
    );
    const signedOutDevices = await signOutOtherDevices(
      tx,
      deps.clock.now(),
      user.id,
      auth.sessionId,
      PHONE_CHANGED_REASON,
    );
    return { changed, signedOutDevices };
  });
  const [wechat] = await boundIdentities(deps, user.id);
  return { bindings: toBindings(changed, wechat ?? null), signedOutDevices };
}

/** A QR for binding WeChat (the same scenes and provider as the sign-in dialog's). */
export async function startWechatBinding(deps: BindingsDeps, userId: number): Promise<WechatScene> {
  const [wechat] = await boundIdentities(deps, userId);
  if (wechat) throw new AppError(ErrorCode.InvalidInput, '账号已绑定微信，请先解绑');
  return createScene(deps);
}

/** The binding page's poll: 2 while waiting, the bindings once the scan is bound. */
export async function pollWechatBinding(
  deps: BindingsDeps,
  userId: number,
  sceneId: string,
): Promise<Bindings> {
  await bindSceneToUser(deps, sceneId, userId);
  return bindingsOf(deps, userId);
}

/** Unbinds WeChat, unless it is the account's only way to sign in. */
export async function unbindWechat(deps: BindingsDeps, userId: number): Promise<Bindings> {
  const user = await requireUser(deps, userId);
  if (!currentNumber(user)) {
    throw new AppError(ErrorCode.InvalidInput, '微信是账号唯一的登录方式，请先绑定手机号再解绑');
  }
  await forgetIdentitiesOf(deps.db, userId);
  return toBindings(user, null);
}
