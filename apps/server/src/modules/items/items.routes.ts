import {
  FuzzyQuerySchema,
  FuzzyResultSchema,
  HierarchySchema,
  HighFrequencyQuerySchema,
  HighFrequencySchema,
  ItemAnswerSchema,
  ItemDetailSchema,
  ItemIdQuerySchema,
  ItemListQuerySchema,
  ItemListSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { userIdOf } from '../../lib/request-auth';
import {
  anonymousListBody,
  bankHierarchy,
  highFrequencyLists,
  itemAnswer,
  itemDetail,
  itemsDeps,
  listBankItems,
  searchBody,
  type ItemsDeps,
} from './items.service';

const errors = errorResponses(400, 401, 403);

/**
 * Sends a body the service made (and checked against the route's schema) once for many requests:
 * as bytes, so the route's serializer does not encode and stringify it again for each one.
 */
function sendJsonBody(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

export const itemsRoutes =
  (deps: ItemsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/postsV2/list',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['bank'],
          summary: '题目列表（spec §3 的筛选条件）；登录时带上本人的练习状态与收藏颜色',
          querystring: ItemListQuerySchema,
          response: { 200: okEnvelope(ItemListSchema), ...errors },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        if (userId === null)
          return sendJsonBody(reply, await anonymousListBody(deps, request.query));
        return { data: await listBankItems(deps, request.query, userId) };
      },
    );

    app.get(
      '/api/posts/getfuzzy',
      {
        schema: {
          tags: ['bank'],
          summary: '按标题与题目文本搜索题目，每页 30 条',
          querystring: FuzzyQuerySchema,
          response: { 200: okEnvelope(FuzzyResultSchema), ...errors },
        },
      },
      async (request, reply) => sendJsonBody(reply, await searchBody(deps, request.query)),
    );

    app.post(
      '/api/dynamic/hierarchy',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['bank'],
          summary: '题库目录：分区 → 题型，题数、本期高频数，登录时带本人练过的题数',
          body: z.strictObject({}).nullish(),
          response: { 200: okEnvelope(HierarchySchema), ...errors },
        },
      },
      async (request) => ({ data: await bankHierarchy(deps, userIdOf(request)) }),
    );

    app.get(
      '/api/postsV2/highFrequency',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['bank'],
          summary: '一期高频题，按题型分组；不带 week 为当前一期',
          querystring: HighFrequencyQuerySchema,
          response: { 200: okEnvelope(HighFrequencySchema), ...errors, ...errorResponses(404) },
        },
      },
      async (request) => ({
        data: await highFrequencyLists(deps, request.query.week, userIdOf(request)),
      }),
    );

    app.get(
      '/api/posts/detail',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['bank'],
          summary: '练习页的题目内容（不含答案）',
          querystring: ItemIdQuerySchema,
          response: { 200: okEnvelope(ItemDetailSchema), ...errors, ...errorResponses(404) },
        },
      },
      async (request) => ({
        data: await itemDetail(deps, request.query.id, userIdOf(request)),
      }),
    );

    app.get(
      '/api/posts/answer',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['bank'],
          summary: '查看答案：答案与中文解析（需登录）',
          security: [{ token: [] }],
          querystring: ItemIdQuerySchema,
          response: { 200: okEnvelope(ItemAnswerSchema), ...errors, ...errorResponses(404) },
        },
      },
      async (request) => ({ data: await itemAnswer(deps, request.query.id) }),
    );
  };

export const register: RegisterModule = (app, context) => {
  const deps = itemsDeps(context);
  // Loaded once listening (not in tests, which never listen): the first learner does not wait
  // for every item to be read, which takes seconds at 100,000 items.
  app.addHook('onListen', async () => {
    context.warmUp.start('question bank', () => deps.bank.current());
  });
  return app.register(itemsRoutes(deps));
};
