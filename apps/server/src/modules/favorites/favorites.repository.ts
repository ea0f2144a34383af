import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userFavorites } from '../../db/schema';

/** Puts the item in the user's favourites with `label`, or moves it to that label. */
export async function upsertFavorite(db: Db, userId: number, itemId: string, label: number) {
  await db
    .insert(userFavorites)
    .values({ userId, itemId, label })
    .onConflictDoUpdate({
      target: [userFavorites.userId, userFavorites.itemId],
      set: { label },
    });
}

export async function deleteFavorite(db: Db, userId: number, itemId: string) {
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.itemId, itemId)));
}

/** The learner's favourites in item order after `afterItemId`, a page at a time (the data export). */
export async function favoritesAfter(db: Db, userId: number, afterItemId: string, limit: number) {
  return db
    .select({
      itemId: userFavorites.itemId,
      label: userFavorites.label,
      createdAt: userFavorites.createdAt,
    })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), gt(userFavorites.itemId, afterItemId)))
    .orderBy(asc(userFavorites.itemId))
    .limit(limit);
}
