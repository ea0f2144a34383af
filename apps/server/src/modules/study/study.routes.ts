import { SaveTimedOrCountQuerySchema, StudyStatsSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { saveTimedOrCount, studyStats, type StudyDeps } from './study.service';

const errors = errorResponses(400, 401, 403);

export const studyRoutes =
  (deps: StudyDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // A GET that writes, because the spec's client calls it so (§7).
    app.get(
      '/api/postsV2/saveTimedOrCount',
      {
        config: { auth: 'user' },
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
        config: { auth: 'user' },
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

export const register: RegisterModule = (app, context) =>
  app.register(studyRoutes({ db: context.db, clock: context.clock, timeZone: context.timeZone }));
