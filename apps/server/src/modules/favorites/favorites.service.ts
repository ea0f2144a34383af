import {
  FAVORITE_ANY,
  ItemListQuerySchema,
  type AddUserCollectBody,
  type ItemList,
  type QueryUserFavorite,
  type UserCollectResult,
} from '@ninety/contract';
import { listBankItems, requireItem, type ItemsDeps } from '../items/items.service';
import type { Db } from '../../db/client';
import { deleteFavorite, favoritesAfter, upsertFavorite } from './favorites.repository';

/** Stars an item with a colour, moves it to another colour, or (label 0) takes it out. */
export async function setFavorite(
  deps: ItemsDeps,
  userId: number,
  body: AddUserCollectBody,
): Promise<UserCollectResult> {
  await requireItem(deps, body.itemId);
  if (body.label === 0) {
    await deleteFavorite(deps.db, userId, body.itemId);
    return { itemId: body.itemId, label: null };
  }
  await upsertFavorite(deps.db, userId, body.itemId, body.label);
  return { itemId: body.itemId, label: body.label };
}

/** The learner's favourites of one colour (or all), in type and number order, with list fields. */
export async function favoriteItems(
  deps: ItemsDeps,
  userId: number,
  query: QueryUserFavorite,
): Promise<ItemList> {
  const label = query.label === undefined || query.label === '' ? FAVORITE_ANY : query.label;
  return listBankItems(
    deps,
    ItemListQuerySchema.parse({ color: label, page: query.page, perPage: query.perPage }),
    userId,
  );
}

/** One page of the learner's favourites in item order, after `afterItemId` ('' first): the export. */
export async function favoritesPage(
  deps: { db: Db },
  userId: number,
  afterItemId: string,
  limit: number,
) {
  return favoritesAfter(deps.db, userId, afterItemId, limit);
}
