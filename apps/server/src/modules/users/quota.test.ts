import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openTestDatabase, testClock } from '../../../test/test-app';
import { uniquePhone } from '../../../test/accounts';
import { energyLeft, energyPeriodKey, spendEnergy, type QuotaDeps } from './quota';

describe('energyPeriodKey: when the non-member quota resets', () => {
  it.each([
    // Daily periods follow the configured time zone, not UTC.
    ['2026-11-21T16:30:00Z', 'daily', 'Asia/Shanghai', '2026-11-22'],
    ['2026-11-21T15:59:59Z', 'daily', 'Asia/Shanghai', '2026-11-21'],
    ['2026-11-21T16:30:00Z', 'daily', 'UTC', '2026-11-21'],
    // ISO weeks: week 1 holds the year's first Thursday; 2027-01-01 is in 2026's week 53.
    ['2026-01-01T04:00:00Z', 'weekly', 'Asia/Shanghai', '2026-W01'],
    ['2027-01-01T04:00:00Z', 'weekly', 'Asia/Shanghai', '2026-W53'],
    ['2026-11-22T04:00:00Z', 'weekly', 'Asia/Shanghai', '2026-W47'],
    ['2026-11-30T17:00:00Z', 'monthly', 'Asia/Shanghai', '2026-12'],
    ['2026-11-30T17:00:00Z', 'never', 'Asia/Shanghai', 'once'],
  ] as const)('%s, %s in %s → %s', (at, rule, zone, key) => {
    expect(energyPeriodKey(new Date(at), rule, zone)).toBe(key);
  });
});

describe('spendEnergy (spec §6 quota)', () => {
  let database: Database;
  const clock = testClock(new Date('2026-11-22T02:00:00Z'));
  const deps = (): QuotaDeps => ({
    db: database.db,
    clock,
    policy: { allowance: 3, reset: 'daily', timeZone: 'Asia/Shanghai' },
  });
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const newUser = async (fields: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await database.db
      .insert(users)
      .values({ phonecode: '86', phone: uniquePhone(), ...fields })
      .returning();
    if (!row) throw new Error('no user');
    return row;
  };

  it('never goes below zero under concurrent spends', async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => spendEnergy(deps(), user.id)),
    );
    const spent = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(spent).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((result as PromiseRejectedResult).reason as AppError).code).toBe(
        ErrorCode.QuotaUsedUp,
      );
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.energy).toBe(0);
  });

  it('starts a new period from the allowance', async () => {
    const user = await newUser();
    await spendEnergy(deps(), user.id);
    const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(energyLeft(after!, deps().policy, clock.now())).toBe(2);
    clock.advance(86400);
    expect(energyLeft(after!, deps().policy, clock.now())).toBe(3);
    expect(await spendEnergy(deps(), user.id)).toEqual({ isUnlimited: false, energy: 2 });
  });

  it('members are unlimited while the membership lasts', async () => {
    const until = new Date(clock.now().getTime() + 3600_000);
    const user = await newUser({
      memberLevel: 1,
      memberExpiresAt: until,
      energy: 0,
      energyPeriod: '2026-11-22',
    });
    for (let i = 0; i < 5; i += 1)
      expect(await spendEnergy(deps(), user.id)).toEqual({ isUnlimited: true, energy: null });
    clock.advance(3601);
    expect((await spendEnergy(deps(), user.id)).isUnlimited).toBe(false);
  });

  it('an allowance of zero refuses every spend', async () => {
    const user = await newUser();
    await expect(
      spendEnergy(
        { ...deps(), policy: { allowance: 0, reset: 'never', timeZone: 'UTC' } },
        user.id,
      ),
    ).rejects.toMatchObject({ code: ErrorCode.QuotaUsedUp });
  });
});
