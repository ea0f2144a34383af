import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByPhone(
  db: Db,
  phonecode: string,
  phone: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phonecode, phonecode), eq(users.phone, phone)))
    .limit(1);
  return row ?? null;
}

/** First sign-in registers the user; a concurrent first sign-in finds the row the other made. */
export async function findOrCreateUserByPhone(
  db: Db,
  fields: {
    phonecode: string;
    phone: string;
    nickname: string;
    energy: number;
    energyPeriod: string;
  },
): Promise<{ user: UserRow; isNew: boolean }> {
  const [created] = await db
    .insert(users)
    .values(fields)
    .onConflictDoNothing({ target: [users.phonecode, users.phone] })
    .returning();
  if (created) return { user: created, isNew: true };
  const existing = await findUserByPhone(db, fields.phonecode, fields.phone);
  if (!existing) throw new Error('user vanished between insert and select');
  return { user: existing, isNew: false };
}

export async function fillProfileIfEmpty(
  db: Db,
  id: number,
  profile: { nickname: string; icon: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      nickname: sql`case when ${users.nickname} = '' or ${users.nickname} like '用户%' then ${profile.nickname} else ${users.nickname} end`,
      icon: sql`coalesce(${users.icon}, ${profile.icon})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

/**
 * Spends one use in a single statement: a new period starts from the allowance, and the row is
 * only updated while uses remain, so concurrent spends can never go below zero.
 */
export async function spendOneEnergy(
  db: Db,
  id: number,
  period: string,
  allowance: number,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({
      energy: sql`case when ${users.energyPeriod} = ${period} then ${users.energy} - 1 else ${allowance}::int - 1 end`,
      energyPeriod: period,
    })
    .where(
      and(
        eq(users.id, id),
        sql`((${users.energyPeriod} is distinct from ${period} and ${allowance}::int > 0) or (${users.energyPeriod} = ${period} and ${users.energy} > 0))`,
      ),
    )
    .returning({ energy: users.energy });
  return row?.energy ?? null;
}

/** The user's row, locked until the transaction ends (an account deletion holds it). */
export async function lockUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Deletes the user; every table keyed by the user id follows by its foreign key's cascade. */
export async function deleteUserById(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** The learner's new nickname; false when the account is gone. */
export async function updateNickname(db: Db, id: number, nickname: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ nickname })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sets the user's membership (level and end); false when the account is gone. */
export async function updateMembership(
  db: Db,
  id: number,
  membership: { memberLevel: number; memberExpiresAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...membership, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Moves the account to another sign-in phone; false when the account is gone. */
export async function updatePhone(
  db: Db,
  id: number,
  number: { phonecode: string; phone: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...number, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}
