import {
  AttemptHistoryQuerySchema,
  AttemptHistorySchema,
  ExamedBodySchema,
  ExamedResultSchema,
  isScoringPending,
  okEnvelope,
  ScoringPendingSchema,
  ScoringResultQuerySchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { purchaseUnlocks, type PurchaseUnlocks } from '../materials/materials.service';
import {
  attemptHistory,
  attemptsContext,
  scorePractice,
  scoringResult,
  type AttemptsContext,
  type Submission,
} from './attempts.service';

const errors = errorResponses(400, 401, 403, 404);

export const attemptsRoutes =
  (context: AttemptsContext, purchases: PurchaseUnlocks): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/posts/examed',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['practice'],
          summary:
            '提交一次练习：服务器评分并保存，返回得分、明细、答案与解析（需登录，非会员消耗 1 次）',
          security: [{ token: [] }],
          body: ExamedBodySchema,
          response: {
            200: okEnvelope(ExamedResultSchema),
            202: okEnvelope(ScoringPendingSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const submission: Submission = {
          ...request.body,
          kind: 'written',
          userId: authOf(request).user.id,
        };
        const result = await scorePractice(submission, context, purchases);
        if (isScoringPending(result)) return reply.code(202).send({ data: result });
        return { data: result };
      },
    );

    app.get(
      '/api/posts/scoringResult',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['practice'],
          summary:
            '查询一次提交的评分结果（提交答复“评分中”时使用）：评好了返回与提交相同的结果，否则仍为评分中（202）',
          security: [{ token: [] }],
          querystring: ScoringResultQuerySchema,
          response: {
            200: okEnvelope(ExamedResultSchema),
            202: okEnvelope(ScoringPendingSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const result = await scoringResult(context, {
          ...request.query,
          userId: authOf(request).user.id,
        });
        if (isScoringPending(result)) return reply.code(202).send({ data: result });
        return { data: result };
      },
    );

    app.get(
      '/api/posts/attempts',
      {
        config: { auth: 'user' },
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

export const register: RegisterModule = (app, context) =>
  app.register(attemptsRoutes(attemptsContext(context), purchaseUnlocks(context)));
