import {
  ErrorEnvelopeSchema,
  SaveOrUpdateSettingBodySchema,
  SettingsResultSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireUser } from '../sessions/auth-guard';
import type { SessionDeps } from '../sessions/sessions.service';
import { querySettings, saveSettings, type SettingsDeps } from './settings.service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

export const settingsRoutes =
  (deps: SettingsDeps, sessions: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/querySettingImage',
      {
        preHandler: requireUser(sessions),
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
        preHandler: requireUser(sessions),
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
