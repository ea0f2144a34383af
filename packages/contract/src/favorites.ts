import { z } from 'zod';
import { PageQuerySchema } from './envelope';
import { FAVORITE_LABELS, favoriteFilter } from './items';

/** Favourites (spec §7 userCollect): one colour label per item, 1 red, 2 yellow, 3 green, 4 blue. */

/** `label: 0` takes the item out of the favourites. */
export const AddUserCollectBodySchema = z
  .object({
    itemId: z.string().min(1).max(40).describe('题目 id'),
    label: z
      .union([z.literal(0), ...FAVORITE_LABELS.map((label) => z.literal(label))])
      .describe('0 取消收藏，1 红 2 黄 3 绿 4 蓝'),
  })
  .meta({ id: 'AddUserCollectBody', description: '收藏或取消收藏一道题' });
export type AddUserCollectBody = z.infer<typeof AddUserCollectBodySchema>;

export const UserCollectResultSchema = z
  .object({
    itemId: z.string(),
    label: z.int().min(1).max(4).nullable().describe('收藏颜色；已取消为 null'),
  })
  .meta({ id: 'UserCollectResult', description: '收藏结果' });
export type UserCollectResult = z.infer<typeof UserCollectResultSchema>;

export const QueryUserFavoriteSchema = PageQuerySchema.extend({
  label: favoriteFilter().describe('空或 -1 全部收藏，1 红 2 黄 3 绿 4 蓝'),
});
export type QueryUserFavorite = z.infer<typeof QueryUserFavoriteSchema>;
