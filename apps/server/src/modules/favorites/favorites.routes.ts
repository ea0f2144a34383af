import {
  AddUserCollectBodySchema,
  ItemListSchema,
  okEnvelope,
  QueryUserFavoriteSchema,
  UserCollectResultSchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { favoriteItems, setFavorite } from './favorites.service';
import { itemsDeps, type ItemsDeps } from '../items/items.service';

const errors = errorResponses(400, 401, 404);

export const favoritesRoutes =
  (deps: ItemsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/userCollect/addUserCollect',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['favorites'],
          summary: '收藏一道题（四种颜色），换颜色，或 label 0 取消收藏',
          security: [{ token: [] }],
          body: AddUserCollectBodySchema,
          response: { 200: okEnvelope(UserCollectResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: await setFavorite(deps, authOf(request).user.id, request.body),
      }),
    );

    app.get(
      '/api/userCollect/queryUserFavorite',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['favorites'],
          summary: '我的收藏：某一颜色或全部，按题型和题号排列',
          security: [{ token: [] }],
          querystring: QueryUserFavoriteSchema,
          response: { 200: okEnvelope(ItemListSchema), ...errors },
        },
      },
      async (request) => ({
        data: await favoriteItems(deps, authOf(request).user.id, request.query),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(favoritesRoutes(itemsDeps(context)));
