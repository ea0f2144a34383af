import {
  AddWordBodySchema,
  DictionaryEntrySchema,
  DictionaryLookupQuerySchema,
  okEnvelope,
  RemoveWordBodySchema,
  WordBookChangeSchema,
  WordBookListSchema,
  WordBookQuerySchema,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf, userIdOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { addWord, lookUpWord, removeWord, wordBook, type WordsDeps } from './words.service';

const errors = errorResponses(400, 401, 404);

/**
 * The dictionary card and my words (生词本): the spec names no calls for them, so these follow its
 * style. The look-up is open to everyone (reading a definition needs no account, like the bank's
 * public pages); signed in, the answer also says whether the word is in the learner's word book.
 */
export const wordsRoutes =
  (deps: WordsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dictionary/lookup',
      {
        config: { auth: 'optional' },
        schema: {
          tags: ['words'],
          summary: '查词：音标、中文释义、按词性分组的英文释义（离线词典）',
          querystring: DictionaryLookupQuerySchema,
          response: { 200: okEnvelope(DictionaryEntrySchema), ...errors },
        },
      },
      async (request) => ({
        data: await lookUpWord(deps, userIdOf(request), request.query.word),
      }),
    );

    app.post(
      '/api/words/add',
      {
        config: { auth: 'user' },
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
        config: { auth: 'user' },
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
        config: { auth: 'user' },
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

export const register: RegisterModule = (app, context) =>
  app.register(wordsRoutes({ db: context.db, dictionary: context.dictionary }));
