import {
  ErrorEnvelopeSchema,
  SaveTimedOrCountQuerySchema,
  StudyStatsSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { saveTimedOrCount, studyStats, type StudyDeps } from './study.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

export const studyRoutes =
  (deps: StudyDeps, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // A GET that writes, because the spec's client calls it so (§7).
    app.get(
      '/api/postsV2/saveTimedOrCount',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['study'],
          summary:
            '记录学习时长（type=1，business 为秒数，每分钟 60）或练习次数（type=2，business=1），返回最新学习数据',
          security: [{ token: [] }],
          querystring: SaveTimedOrCountQuerySchema,
          response: { 200: okEnvelope(StudyStatsSchema), ...errors },
        },
      },
      async (request) => ({
        data: await saveTimedOrCount(deps, authOf(request).user.id, request.query),
      }),
    );

    app.get(
      '/api/postsV2/findUserStudyData',
      {
        preHandler: requireUser(sessions),
        schema: {
          tags: ['study'],
          summary: '学习中心：今日与累计学习时长（分钟）、练习次数，最近 7 天',
          security: [{ token: [] }],
          response: { 200: okEnvelope(StudyStatsSchema), ...errors },
        },
      },
      async (request) => ({ data: await studyStats(deps, authOf(request).user.id) }),
    );
  };
