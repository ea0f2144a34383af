import {
  AddCommentBodySchema,
  CommentDetailQuerySchema,
  CommentIdBodySchema,
  CommentListQuerySchema,
  DeletedCommentSchema,
  okEnvelope,
  ShareDetailSchema,
  SharedAnswerListSchema,
  SharedAnswerSchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf, userIdOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import {
  addComment,
  commentDetail,
  commentList,
  removeComment,
  type CommentsDeps,
} from './comments.service';

const errors = errorResponses(400, 401, 404);

export const commentsRoutes =
  (deps: CommentsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/questionsComment/add',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['comments'],
          summary:
            '分享本人的一次练习（答案与得分取自练习记录），可附留言；同一次练习再分享只更新留言',
          security: [{ token: [] }],
          body: AddCommentBodySchema,
          response: { 200: okEnvelope(SharedAnswerSchema), ...errors },
        },
      },
      async (request) => ({
        data: await addComment(deps, authOf(request).user.id, request.body),
      }),
    );

    app.get(
      '/api/questionsComment/list',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['comments'],
          summary: '一道题下大家分享的答案与得分（最新或最高分在前，分页；无需登录）',
          querystring: CommentListQuerySchema,
          response: { 200: okEnvelope(SharedAnswerListSchema), ...errors },
        },
      },
      async (request) => ({
        data: await commentList(deps, request.query, userIdOf(request)),
      }),
    );

    app.get(
      '/api/questionsComment/detail',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['comments'],
          summary: '分享页：一条分享的题目、答案与得分（无需登录）',
          querystring: CommentDetailQuerySchema,
          response: { 200: okEnvelope(ShareDetailSchema), ...errors },
        },
      },
      async (request) => ({
        data: await commentDetail(deps, request.query, userIdOf(request)),
      }),
    );

    app.post(
      '/api/questionsComment/delete',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['comments'],
          summary: '删除本人的一条分享',
          security: [{ token: [] }],
          body: CommentIdBodySchema,
          response: { 200: okEnvelope(DeletedCommentSchema), ...errors },
        },
      },
      async (request) => ({
        data: await removeComment(deps, authOf(request).user.id, request.body.id),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(commentsRoutes({ db: context.db, clock: context.clock }));
