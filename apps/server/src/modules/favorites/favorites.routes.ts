import {
  AddUserCollectBodySchema,
  ErrorEnvelopeSchema,
  ItemListSchema,
  okEnvelope,
  QueryUserFavoriteSchema,
  UserCollectResultSchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ItemsDeps } from '../items/items.service';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { favoriteItems, setFavorite } from './favorites.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export const favoritesRoutes =
  (deps: ItemsDeps, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/userCollect/addUserCollect',
      {
        preHandler: requireUser(sessions),
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
        preHandler: requireUser(sessions),
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
