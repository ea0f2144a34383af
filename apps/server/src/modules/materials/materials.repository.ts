import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { materialGrants } from '../../db/schema/materials';

export type GrantRow = typeof materialGrants.$inferSelect;

/** Every material the learner bought (a handful). */
export async function listGrants(db: Db, userId: number): Promise<GrantRow[]> {
  return db.select().from(materialGrants).where(eq(materialGrants.userId, userId));
}

export async function findGrant(db: Db, userId: number, materialId: number) {
  const [row] = await db
    .select()
    .from(materialGrants)
    .where(and(eq(materialGrants.userId, userId), eq(materialGrants.materialId, materialId)));
  return row ?? null;
}

/**
 * Grants the material unless this order, or an earlier one of the same learner and material,
 * already did: both are unique, so a second call — in parallel or later — inserts nothing.
 * Says whether this call granted it.
 */
export async function insertGrant(db: Db, row: GrantRow): Promise<boolean> {
  const inserted = await db
    .insert(materialGrants)
    .values(row)
    .onConflictDoNothing()
    .returning({ orderNo: materialGrants.orderNo });
  return inserted.length > 0;
}

/** The grant an order made (a download link names its order). */
export async function findGrantByOrder(db: Db, orderNo: string) {
  const [row] = await db.select().from(materialGrants).where(eq(materialGrants.orderNo, orderNo));
  return row ?? null;
}

/** Removes the grant an order made (its refund); nothing when it had none. */
export async function deleteGrantByOrder(db: Db, orderNo: string): Promise<void> {
  await db.delete(materialGrants).where(eq(materialGrants.orderNo, orderNo));
}
