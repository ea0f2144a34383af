/**
 * The users module's public API: what other modules (sign-in, WeChat, practice) may use of
 * accounts and the non-member quota. Its repository stays its own.
 */
import { ErrorCode } from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { energyLeft, energyPeriodKey, isMember, type QuotaPolicy } from './quota';
import {
  fillProfileIfEmpty as fillProfile,
  findOrCreateUserByPhone,
  findUserById,
  findUserByPhone,
  lockUserById,
  deleteUserById,
  updateMembership,
  updateNickname,
  updatePhone,
  type UserRow,
} from './users.repository';

export { energyLeft, energyPeriodKey, isMember, spendEnergy } from './quota';
export type { QuotaPolicy } from './quota';
export { toUserInfo } from './users.mapper';
export type { UserRow };

export interface UsersDeps {
  db: Db;
  clock: Clock;
  quota: QuotaPolicy;
}

export async function findUser(deps: { db: Db }, id: number): Promise<UserRow | null> {
  return findUserById(deps.db, id);
}

/** The uses a non-member has left this period; null for a member (unlimited) or no such user. */
export async function currentEnergy(deps: UsersDeps, userId: number): Promise<number | null> {
  const user = await findUserById(deps.db, userId);
  const now = deps.clock.now();
  if (!user || isMember(user, now)) return null;
  return energyLeft(user, deps.quota, now);
}

/**
 * Refuses (40301) a non-member with no uses left, before work that costs seconds (scoring a
 * recording). The spend itself stays atomic with storing the attempt (spendEnergy).
 */
export async function requireEnergyLeft(deps: UsersDeps, userId: number): Promise<void> {
  const energy = await currentEnergy(deps, userId);
  if (energy !== null && energy <= 0) throw new AppError(ErrorCode.QuotaUsedUp);
}

/** Finds the phone's account, registering it on first sign-in with a full quota period. */
export async function ensurePhoneUser(
  deps: UsersDeps,
  number: { phonecode: string; phone: string },
): Promise<UserRow> {
  const { user } = await findOrCreateUserByPhone(deps.db, {
    phonecode: number.phonecode,
    phone: number.phone,
    nickname: `用户${number.phone.slice(-4)}`,
    energy: deps.quota.allowance,
    energyPeriod: energyPeriodKey(deps.clock.now(), deps.quota.reset, deps.quota.timeZone),
  });
  return user;
}

/** Takes a WeChat nickname and avatar for an account that has none of its own yet. */
export async function fillProfileIfEmpty(
  deps: { db: Db },
  id: number,
  profile: { nickname: string; icon: string | null },
): Promise<void> {
  await fillProfile(deps.db, id, profile);
}

/**
 * The user's row, locked until the transaction `db` ends: an account deletion holds it so no
 * attempt or session can be added for the user meanwhile (their inserts wait, then fail).
 */
export async function lockUserForDeletion(db: Db, id: number): Promise<UserRow | null> {
  return lockUserById(db, id);
}

/** Deletes the user's row; every table keyed by the user id follows (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return deleteUserById(db, id);
}

/** 个人中心: the learner renames themself (the contract has checked and trimmed the name). */
export async function changeNickname(
  deps: { db: Db },
  userId: number,
  nickname: string,
): Promise<{ nickname: string }> {
  if (!(await updateNickname(deps.db, userId, nickname))) {
    throw new AppError(ErrorCode.TokenMissing);
  }
  return { nickname };
}

/**
 * Extends a learner's membership by `days` from the later of now and its current end (a member
 * who buys early loses nothing). Pass the transaction that records the purchase: the user's row
 * is locked, so two grants in parallel add up instead of overwriting each other. A member with
 * no end (a class account) stays so. Returns the new end, or null when the account is gone.
 */
export async function extendMembership(
  tx: Db,
  userId: number,
  days: number,
  now: Date,
): Promise<{ memberExpiresAt: Date | null } | null> {
  const user = await lockUserById(tx, userId);
  if (!user) return null;
  if (user.memberLevel > 0 && !user.memberExpiresAt) return { memberExpiresAt: null };
  const from =
    isMember(user, now) && user.memberExpiresAt && user.memberExpiresAt > now
      ? user.memberExpiresAt
      : now;
  const memberExpiresAt = new Date(from.getTime() + days * 86_400_000);
  await updateMembership(tx, userId, {
    memberLevel: Math.max(1, user.memberLevel),
    memberExpiresAt,
  });
  return { memberExpiresAt };
}

/** A unique-index violation, however the driver wraps it (node-postgres, PGlite, drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Moves the learner's sign-in to another phone (个人中心; both phones proven by the caller). Pass
 * a transaction: the row is locked so the check of the old number and the change are one step.
 * A number that signs another account in is refused (40008), also when two changes race for it.
 */
export async function changePhone(
  tx: Db,
  userId: number,
  expected: { phonecode: string | null; phone: string | null },
  next: { phonecode: string; phone: string },
): Promise<UserRow> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new AppError(ErrorCode.TokenMissing);
  if (user.phonecode !== expected.phonecode || user.phone !== expected.phone) {
    throw new AppError(ErrorCode.InvalidInput, '账号的手机号已变更，请重新验证原手机号');
  }
  const holder = await findUserByPhone(tx, next.phonecode, next.phone);
  if (holder && holder.id !== userId) throw new AppError(ErrorCode.PhoneAlreadyBound);
  if (holder) throw new AppError(ErrorCode.InvalidInput, '新手机号与当前绑定的手机号相同');
  try {
    await updatePhone(tx, userId, next);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.PhoneAlreadyBound);
    throw error;
  }
  return { ...user, ...next };
}
