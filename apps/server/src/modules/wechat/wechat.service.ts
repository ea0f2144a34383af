import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, type WechatScene } from '@ninety/contract';
import type { WechatProvider, WechatScan } from '../../adapters/wechat/wechat-provider';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import type { AuthDeps } from '../auth/auth.service';
import { issueSession, type RequestMeta } from '../sessions/sessions.service';
import { verifyLoginCode, type PhoneNumber } from '../sms/sms.service';
import { ensurePhoneUser, fillProfileIfEmpty, findUser } from '../users/users.service';
import {
  bindIdentity,
  consumeScene,
  findIdentityByOpenId,
  findIdentityByUserCode,
  findOrCreateIdentity,
  findSceneWithIdentity,
  insertScene,
  listIdentitiesWithPrefix,
  markSceneScanned,
  identitiesOfUser,
  deleteIdentitiesOfUser,
} from './wechat.repository';

/** WeChat's temporary QR codes live up to 30 days; a sign-in code needs five minutes. */
export const SCENE_TTL_SECONDS = 5 * 60;
/** Identities made by the local simulator carry this prefix instead of a real openid. */
export const LOCAL_OPENID_PREFIX = 'local-';

export interface WechatDeps extends AuthDeps {
  provider: WechatProvider;
}

export async function createScene(deps: WechatDeps): Promise<WechatScene> {
  const sceneId = randomBytes(12).toString('hex');
  await insertScene(deps.db, sceneId, addSeconds(deps.clock.now(), SCENE_TTL_SECONDS));
  const url = await deps.provider.createSceneQr(sceneId, SCENE_TTL_SECONDS);
  return { url, sceneId };
}

/** Records a scan pushed by WeChat (or made in the simulator); later polls see it. */
export async function recordScan(
  deps: WechatDeps,
  scan: WechatScan & { nickname?: string },
): Promise<boolean> {
  // A scan of an unknown or ended scene must not leave an identity behind.
  const found = await findSceneWithIdentity(deps.db, scan.sceneId);
  if (!found || found.scene.status !== 'waiting' || found.scene.expiresAt <= deps.clock.now()) {
    return false;
  }
  const identity = await findOrCreateIdentity(deps.db, scan);
  return markSceneScanned(deps.db, scan.sceneId, identity.id, deps.clock.now());
}

/**
 * The dialog's poll (spec §4): 2 while waiting; 1011 with the identity's userCode when the
 * WeChat account has no phone yet; otherwise a token, once.
 */
export async function pollScene(
  deps: WechatDeps,
  sceneId: string,
  meta: RequestMeta,
): Promise<string> {
  const found = await findSceneWithIdentity(deps.db, sceneId);
  const now = deps.clock.now();
  if (!found || found.scene.status === 'consumed') throw new AppError(ErrorCode.QrExpired);
  const { scene, identity } = found;
  if (scene.status === 'waiting') {
    if (scene.expiresAt <= now) throw new AppError(ErrorCode.QrExpired);
    throw new AppError(ErrorCode.QrPending, '等待扫码');
  }
  if (!identity) throw new AppError(ErrorCode.QrExpired);
  if (identity.userId === null) throw new AppError(ErrorCode.WechatNeedsPhone, identity.userCode);
  const user = await findUser(deps, identity.userId);
  if (!user || !(await consumeScene(deps.db, sceneId))) throw new AppError(ErrorCode.QrExpired);
  return issueSession(deps, user, meta);
}

/**
 * Ties a WeChat identity (by the userCode from the 1011 answer) to a phone proven by SMS. A phone
 * that already has an account absorbs the identity; otherwise the account is created.
 */
export async function bindPhone(
  deps: WechatDeps,
  input: PhoneNumber & { code: string; userCode: string },
  meta: RequestMeta,
): Promise<string> {
  const identity = await findIdentityByUserCode(deps.db, input.userCode);
  if (!identity) throw new AppError(ErrorCode.NotFound, '绑定信息已失效，请重新扫码');
  await verifyLoginCode(deps.sms, input, input.code, meta.ip);
  const user = await ensurePhoneUser(deps, input);
  if (identity.userId !== null && identity.userId !== user.id)
    throw new AppError(ErrorCode.IdentityAlreadyBound);
  if (identity.userId === null && !(await bindIdentity(deps.db, identity.id, user.id))) {
    const again = await findIdentityByUserCode(deps.db, input.userCode);
    if (again?.userId !== user.id) throw new AppError(ErrorCode.IdentityAlreadyBound);
  }
  if (identity.nickname)
    await fillProfileIfEmpty(deps, user.id, {
      nickname: identity.nickname,
      icon: identity.avatar,
    });
  return issueSession(deps, user, meta);
}

/** A WeChat identity of the local simulator, as its scan page shows it. */
export interface SimulatorIdentity {
  openId: string;
  nickname: string;
  hasPhone: boolean;
}

const toSimulatorIdentity = (
  openId: string,
  identity: { nickname: string; userId: number | null } | null,
): SimulatorIdentity => ({
  openId,
  nickname: identity?.nickname ?? '',
  hasPhone: identity?.userId != null,
});

/** The simulator's identities made so far (local development only). */
export async function simulatorIdentities(deps: WechatDeps): Promise<SimulatorIdentity[]> {
  const identities = await listIdentitiesWithPrefix(deps.db, LOCAL_OPENID_PREFIX);
  return identities.map((identity) => toSimulatorIdentity(identity.openId, identity));
}

/** The simulator's scan: as an existing simulated identity, or as a new one. */
export async function simulateScan(
  deps: WechatDeps,
  input: { sceneId: string; openId?: string | undefined; nickname?: string | undefined },
): Promise<SimulatorIdentity> {
  if (input.openId && !(await findIdentityByOpenId(deps.db, input.openId))) {
    throw new AppError(ErrorCode.NotFound, '模拟微信身份不存在');
  }
  const scannedAs = input.openId ?? `${LOCAL_OPENID_PREFIX}${randomUUID()}`;
  const isScanned = await recordScan(deps, {
    sceneId: input.sceneId,
    openId: scannedAs,
    nickname: input.nickname ?? '微信用户',
  });
  if (!isScanned) throw new AppError(ErrorCode.QrExpired);
  return toSimulatorIdentity(scannedAs, await findIdentityByOpenId(deps.db, scannedAs));
}

/** The WeChat identities bound to the learner (the data export). */
export async function boundIdentities(deps: { db: Db }, userId: number) {
  return identitiesOfUser(deps.db, userId);
}

/**
 * Forgets the learner's WeChat identities (an account deletion; `db` is its transaction): the
 * foreign key would only unbind them, keeping the openid and WeChat nickname.
 */
export async function forgetIdentitiesOf(db: Db, userId: number): Promise<void> {
  await deleteIdentitiesOfUser(db, userId);
}

/**
 * 个人中心 binds WeChat to the signed-in learner: the page shows a scene's QR and polls here.
 * 2 while waiting; once scanned, an unbound identity is bound to the learner and the scene is
 * used up (it can sign nobody in afterwards). An identity bound to another account is refused
 * (40007), and a learner keeps one WeChat at a time.
 */
export async function bindSceneToUser(
  deps: WechatDeps,
  sceneId: string,
  userId: number,
): Promise<void> {
  const found = await findSceneWithIdentity(deps.db, sceneId);
  if (!found || found.scene.status === 'consumed') throw new AppError(ErrorCode.QrExpired);
  const { scene, identity } = found;
  if (scene.status === 'waiting') {
    if (scene.expiresAt <= deps.clock.now()) throw new AppError(ErrorCode.QrExpired);
    throw new AppError(ErrorCode.QrPending, '等待扫码');
  }
  if (!identity) throw new AppError(ErrorCode.QrExpired);
  if (identity.userId !== null && identity.userId !== userId) {
    await consumeScene(deps.db, sceneId);
    throw new AppError(ErrorCode.IdentityAlreadyBound, '该微信已绑定其他账号，请先在该账号中解绑');
  }
  if (identity.userId === null) {
    const others = await identitiesOfUser(deps.db, userId);
    if (others.length > 0) {
      await consumeScene(deps.db, sceneId);
      throw new AppError(ErrorCode.InvalidInput, '账号已绑定微信，请先解绑');
    }
    if (!(await bindIdentity(deps.db, identity.id, userId))) {
      throw new AppError(
        ErrorCode.IdentityAlreadyBound,
        '该微信已绑定其他账号，请先在该账号中解绑',
      );
    }
  }
  await consumeScene(deps.db, sceneId);
}
