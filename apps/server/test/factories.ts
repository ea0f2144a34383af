/**
 * Test data made directly in the database, for tests that are not about signing in: a learner
 * and a session in two inserts instead of an SMS round trip through the API (the sign-in tests in
 * modules/auth, sms, qr-login and wechat keep using the API; see test/accounts.ts).
 */
import type { Db } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { addSeconds } from '../src/lib/clock';
import { hashToken, newToken } from '../src/lib/tokens';
import { SESSION_TTL_SECONDS, WEB_CLIENT_TYPE } from '../src/modules/sessions/sessions.service';
import { energyPeriodKey, type UserRow } from '../src/modules/users/users.service';
import { uniquePhone } from './accounts';
import { testConfig } from './test-app';

export interface UserOptions {
  /** A member until a year after `now`. */
  isMember?: boolean;
  /** Uses left this period; the configured allowance (NON_MEMBER_ENERGY) by default. */
  energy?: number;
  /** The app's clock: the quota period and membership are counted from it. */
  now?: Date;
  phone?: string;
  /** `用户<last four digits>` by default, as at sign-up. */
  nickname?: string;
  isDisabled?: boolean;
}

/**
 * A learner as the first sign-in registers one: a unique phone, the default nickname and a full
 * quota for the current period (of the default ENERGY_RESET and TIME_ZONE).
 */
export async function createUser(db: Db, options: UserOptions = {}): Promise<UserRow> {
  const defaults = testConfig();
  const now = options.now ?? new Date();
  const phone = options.phone ?? uniquePhone();
  const [row] = await db
    .insert(users)
    .values({
      phonecode: '86',
      phone,
      nickname: options.nickname ?? `用户${phone.slice(-4)}`,
      energy: options.energy ?? defaults.NON_MEMBER_ENERGY,
      energyPeriod: energyPeriodKey(now, defaults.ENERGY_RESET, defaults.TIME_ZONE),
      isDisabled: options.isDisabled ?? false,
      ...(options.isMember
        ? { memberLevel: 1, memberExpiresAt: addSeconds(now, 365 * 86_400) }
        : {}),
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** A live session of the user, as sign-in issues one; returns its token for the `token` header. */
export async function createSession(
  db: Db,
  userId: number,
  options: { now?: Date; clientType?: string } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    clientType: options.clientType ?? WEB_CLIENT_TYPE,
    lastSeenAt: now,
    expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
  });
  return token;
}

/** A signed-in learner: the user, their id and a session token. */
export async function createLearner(
  db: Db,
  options: UserOptions = {},
): Promise<{ user: UserRow; userId: number; token: string }> {
  const user = await createUser(db, options);
  const token = await createSession(db, user.id, options.now ? { now: options.now } : {});
  return { user, userId: user.id, token };
}
