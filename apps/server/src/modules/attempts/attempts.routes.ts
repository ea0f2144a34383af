import {
  AttemptHistoryQuerySchema,
  AttemptHistorySchema,
  ErrorEnvelopeSchema,
  ExamedBodySchema,
  ExamedResultSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { attemptHistory, scoreAndStore, type AttemptsContext } from './attempts.service';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
};

export const attemptsRoutes =
  (context: AttemptsContext, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/posts/examed',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['practice'],
          summary:
            '提交一次练习：服务器评分并保存，返回得分、明细、答案与解析（需登录，非会员消耗 1 次）',
          security: [{ token: [] }],
          body: ExamedBodySchema,
          response: { 200: okEnvelope(ExamedResultSchema), ...errors },
        },
      },
      async (request) => {
        const { answer, ...fields } = request.body;
        const submission = { ...fields, kind: 'written' as const, answer };
        const userId = authOf(request).user.id;
        return {
          data: await scoreAndStore({ ...submission, userId }, { chargeQuota: true, context }),
        };
      },
    );

    app.get(
      '/api/posts/attempts',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['practice'],
          summary: '本人在一道题上的练习记录（最近 20 次，新的在前）',
          security: [{ token: [] }],
          querystring: AttemptHistoryQuerySchema,
          response: { 200: okEnvelope(AttemptHistorySchema), ...errors },
        },
      },
      async (request) => ({
        data: await attemptHistory(context, authOf(request).user.id, request.query.itemId),
      }),
    );
  };
