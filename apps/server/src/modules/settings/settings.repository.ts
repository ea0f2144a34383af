import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

export type SettingsRow = typeof userSettings.$inferSelect;

export async function findSettings(db: Db, userId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? null;
}

/**
 * Merges the changed fields into what is saved, in one statement: two saves of different fields
 * arriving together both stick, whichever lands second.
 */
export async function mergeSettings(
  db: Db,
  userId: number,
  changes: Record<string, unknown>,
  at: Date,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, settings: changes, updatedAt: at })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settings: sql`${userSettings.settings} || excluded.settings`, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('settings upsert returned no row');
  return row;
}
