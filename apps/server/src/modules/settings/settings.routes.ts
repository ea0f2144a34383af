import { SaveOrUpdateSettingBodySchema, SettingsResultSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { querySettings, saveSettings, type SettingsDeps } from './settings.service';

const errors = errorResponses(400, 401, 403);

export const settingsRoutes =
  (deps: SettingsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/querySettingImage',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['settings'],
          summary: '练习设置：播放速度、自动播放、答案显示方式与头像（未保存的项为默认值）',
          security: [{ token: [] }],
          response: { 200: okEnvelope(SettingsResultSchema), ...errors },
        },
      },
      async (request) => ({ data: await querySettings(deps, authOf(request).user.id) }),
    );

    app.post(
      '/api/user/saveOrUpdateSetting',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['settings'],
          summary: '保存练习设置：只改请求体里给出的项，其余保持不变',
          security: [{ token: [] }],
          body: SaveOrUpdateSettingBodySchema,
          response: { 200: okEnvelope(SettingsResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: await saveSettings(deps, authOf(request).user.id, request.body),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(settingsRoutes({ db: context.db, clock: context.clock, storage: context.storage }));
