import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoringSlots } from '../../db/schema';

/**
 * Takes slot `slot` of the learner for `jobId` if it is free or its holder has expired; says
 * whether it did. One statement: two servers racing for the same slot cannot both win.
 */
export async function takeScoringSlot(
  db: Db,
  slot: { userId: number; slot: number; jobId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const taken = await db
    .insert(scoringSlots)
    .values({
      userId: slot.userId,
      slot: slot.slot,
      jobId: slot.jobId,
      expiresAt: slot.expiresAt,
    })
    .onConflictDoUpdate({
      target: [scoringSlots.userId, scoringSlots.slot],
      set: { jobId: slot.jobId, expiresAt: slot.expiresAt },
      setWhere: sql`${scoringSlots.expiresAt} <= ${slot.now.toISOString()}`,
    })
    .returning({ slot: scoringSlots.slot });
  return taken.length > 0;
}

/** Whether the learner holds a live slot for this job (a retried request of the same answer). */
export async function holdsScoringSlot(
  db: Db,
  userId: number,
  jobId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ slot: scoringSlots.slot })
    .from(scoringSlots)
    .where(
      and(
        eq(scoringSlots.userId, userId),
        eq(scoringSlots.jobId, jobId),
        sql`${scoringSlots.expiresAt} > ${now.toISOString()}`,
      ),
    );
  return row !== undefined;
}

/** Gives back every slot held for the job (it has ended). */
export async function releaseScoringSlots(db: Db, jobId: string): Promise<void> {
  await db.delete(scoringSlots).where(eq(scoringSlots.jobId, jobId));
}

/** Gives back one slot (its request did not queue the job after all). */
export async function releaseScoringSlot(
  db: Db,
  slot: { userId: number; slot: number; jobId: string },
): Promise<void> {
  await db
    .delete(scoringSlots)
    .where(
      and(
        eq(scoringSlots.userId, slot.userId),
        eq(scoringSlots.slot, slot.slot),
        eq(scoringSlots.jobId, slot.jobId),
      ),
    );
}
