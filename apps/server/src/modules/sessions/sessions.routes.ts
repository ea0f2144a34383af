import {
  DeviceSessionListSchema,
  SignOutDeviceBodySchema,
  SignedOutSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf } from '../../lib/request-auth';
import { toDeviceSession } from './sessions.mapper';
import {
  listDevices,
  signOutAllDevices,
  signOutDevice,
  type SessionDeps,
} from './sessions.service';

const errors = errorResponses(400, 401, 403, 404);

/** 个人中心 · 登录设备: the learner's signed-in devices, and signing one or all of them out. */
export const sessionsRoutes =
  (deps: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/auth/sessions',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '登录中的设备（最近活动在前）',
          security: [{ token: [] }],
          response: { 200: okEnvelope(DeviceSessionListSchema), ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const rows = await listDevices(deps, auth.user.id);
        return { data: { list: rows.map((row) => toDeviceSession(row, auth.sessionId)) } };
      },
    );

    app.post(
      '/api/auth/sessions/signOut',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '退出一个设备的登录（可以是本设备）',
          security: [{ token: [] }],
          body: SignOutDeviceBodySchema,
          response: { 200: okEnvelope(SignedOutSchema), ...errors },
        },
      },
      async (request) => ({ data: await signOutDevice(deps, authOf(request), request.body.id) }),
    );

    app.post(
      '/api/auth/sessions/signOutAll',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '退出全部设备的登录（包括本设备）',
          security: [{ token: [] }],
          response: { 200: okEnvelope(SignedOutSchema), ...errors },
        },
      },
      async (request) => ({ data: await signOutAllDevices(deps, authOf(request).user.id) }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(sessionsRoutes({ db: context.db, clock: context.clock }));
