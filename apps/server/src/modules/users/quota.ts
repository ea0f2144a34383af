import { ErrorCode } from '@ninety/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findUserById, spendOneEnergy, type UserRow } from './users.repository';

export type EnergyResetRule = 'daily' | 'weekly' | 'monthly' | 'never';

export interface QuotaPolicy {
  allowance: number;
  reset: EnergyResetRule;
  timeZone: string;
}

export interface QuotaDeps {
  db: Db;
  clock: Clock;
  policy: QuotaPolicy;
}

function datePartsIn(date: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return { year: Number(parts['year']), month: Number(parts['month']), day: Number(parts['day']) };
}

/** The quota period `date` falls in, as a stable key: 2026-11-22, 2026-W47, 2026-11 or once. */
export function energyPeriodKey(date: Date, rule: EnergyResetRule, timeZone: string): string {
  if (rule === 'never') return 'once';
  const { year, month, day } = datePartsIn(date, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (rule === 'daily') return `${year}-${pad(month)}-${pad(day)}`;
  if (rule === 'monthly') return `${year}-${pad(month)}`;
  // ISO 8601 week: the week with the year's first Thursday is week 1.
  const local = new Date(Date.UTC(year, month - 1, day));
  const weekday = local.getUTCDay() || 7;
  local.setUTCDate(local.getUTCDate() + 4 - weekday);
  const weekYear = local.getUTCFullYear();
  const week = Math.ceil(((local.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${pad(week)}`;
}

export function isMember(
  user: Pick<UserRow, 'memberLevel' | 'memberExpiresAt'>,
  now: Date,
): boolean {
  return user.memberLevel > 0 && (!user.memberExpiresAt || user.memberExpiresAt > now);
}

/** Uses left this period for a non-member (a new period starts from the allowance). */
export function energyLeft(
  user: Pick<UserRow, 'energy' | 'energyPeriod'>,
  policy: QuotaPolicy,
  now: Date,
): number {
  return user.energyPeriod === energyPeriodKey(now, policy.reset, policy.timeZone)
    ? user.energy
    : policy.allowance;
}

/**
 * Spends one scored practice: members are unlimited; a non-member spends one use atomically or
 * gets 40301 with nothing spent.
 */
export async function spendEnergy(
  deps: QuotaDeps,
  userId: number,
): Promise<{ isUnlimited: boolean; energy: number | null }> {
  const now = deps.clock.now();
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(ErrorCode.NotFound, '用户不存在');
  if (isMember(user, now)) return { isUnlimited: true, energy: null };
  const period = energyPeriodKey(now, deps.policy.reset, deps.policy.timeZone);
  const energy = await spendOneEnergy(deps.db, userId, period, deps.policy.allowance);
  if (energy === null) throw new AppError(ErrorCode.QuotaUsedUp);
  return { isUnlimited: false, energy };
}
