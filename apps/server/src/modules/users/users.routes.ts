import {
  NicknameResultSchema,
  TeachingSiteSchema,
  UpdateNicknameBodySchema,
  UserWorkCountSchema,
  WxInfoSchema,
  okEnvelope,
  type WxInfo,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import type { SessionDeps } from '../sessions/sessions.service';
import { toWorkCount } from './users.mapper';
import { changeNickname } from './users.service';

export const usersRoutes =
  (deps: SessionDeps, teacher: WxInfo, teachingSiteUrl: string | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/postsV2/findUserWorkCount',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '练习计数标记 isCount、isSecond、isZoom',
          security: [{ token: [] }],
          response: { 200: okEnvelope(UserWorkCountSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ data: toWorkCount(authOf(request).user, deps.clock.now()) }),
    );

    app.post(
      '/api/user/updateNickname',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '修改昵称（也是分享答案时显示的名字）',
          security: [{ token: [] }],
          body: UpdateNicknameBodySchema,
          response: { 200: okEnvelope(NicknameResultSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        data: await changeNickname(deps, authOf(request).user.id, request.body.nickname),
      }),
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

    app.get(
      '/api/program/teachingSite',
      {
        schema: {
          tags: ['accounts'],
          summary: '教学网站地址（未配置为 null）',
          response: { 200: okEnvelope(TeachingSiteSchema) },
        },
      },
      async () => ({ data: { url: teachingSiteUrl } }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(usersRoutes(context, context.teacher, context.config.TEACHING_SITE_URL ?? null));
