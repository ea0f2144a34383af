import {
  ErrorEnvelopeSchema,
  UserWorkCountSchema,
  WxInfoSchema,
  okEnvelope,
  type WxInfo,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { toWorkCount } from './users.mapper';

export const usersRoutes =
  (deps: SessionDeps, teacher: WxInfo): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/postsV2/findUserWorkCount',
      {
        preHandler: requireUser(deps),
        schema: {
          tags: ['accounts'],
          summary: '练习计数标记 isCount、isSecond、isZoom',
          security: [{ token: [] }],
          response: {
            200: okEnvelope(UserWorkCountSchema),
            401: ErrorEnvelopeSchema,
            403: ErrorEnvelopeSchema,
          },
        },
      },
      async (request) => ({ data: toWorkCount(authOf(request).user, deps.clock.now()) }),
    );

    app.get(
      '/api/program/getNewWxInfo',
      {
        schema: {
          tags: ['accounts'],
          summary: '老师微信联系方式',
          response: { 200: okEnvelope(WxInfoSchema) },
        },
      },
      async () => ({ data: teacher }),
    );
  };
