import {
  AddWordBodySchema,
  ErrorEnvelopeSchema,
  okEnvelope,
  RemoveWordBodySchema,
  WordBookChangeSchema,
  WordBookListSchema,
  WordBookQuerySchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { addWord, removeWord, wordBook, type WordsDeps } from './words.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** My words (生词本): the spec names no calls for it, so these follow its style. */
export const wordsRoutes =
  (deps: WordsDeps, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/words/add',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['words'],
          summary: '加入生词本（以词典原形保存；重复加入不报错）',
          security: [{ token: [] }],
          body: AddWordBodySchema,
          response: { 200: okEnvelope(WordBookChangeSchema), ...errors },
        },
      },
      async (request) => ({ data: await addWord(deps, authOf(request).user.id, request.body) }),
    );

    app.post(
      '/api/words/remove',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['words'],
          summary: '移出生词本',
          security: [{ token: [] }],
          body: RemoveWordBodySchema,
          response: { 200: okEnvelope(WordBookChangeSchema), ...errors },
        },
      },
      async (request) => ({ data: await removeWord(deps, authOf(request).user.id, request.body) }),
    );

    app.get(
      '/api/words/list',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['words'],
          summary: '我的生词本：最近加入的在前，附音标和中文释义摘要',
          security: [{ token: [] }],
          querystring: WordBookQuerySchema,
          response: { 200: okEnvelope(WordBookListSchema), ...errors },
        },
      },
      async (request) => ({ data: await wordBook(deps, authOf(request).user.id, request.query) }),
    );
  };
