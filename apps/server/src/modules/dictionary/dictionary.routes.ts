import {
  DictionaryEntrySchema,
  DictionaryLookupQuerySchema,
  ErrorEnvelopeSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import type { WordsDeps } from '../words/words.service';
import { lookUpWord } from './dictionary.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/**
 * Open to everyone (reading a definition needs no account, like the bank's public pages); signed
 * in, the answer also says whether the word is in the learner's word book.
 */
export const dictionaryRoutes =
  (deps: WordsDeps, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dictionary/lookup',
      {
        preHandler: optionalUser(sessions),
        schema: {
          tags: ['words'],
          summary: '查词：音标、中文释义、按词性分组的英文释义（离线词典）',
          querystring: DictionaryLookupQuerySchema,
          response: { 200: okEnvelope(DictionaryEntrySchema), ...errors },
        },
      },
      async (request) => ({
        data: await lookUpWord(deps, request.auth?.user.id ?? null, request.query.word),
      }),
    );
  };
