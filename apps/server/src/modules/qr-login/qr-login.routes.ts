import {
  ErrorEnvelopeSchema,
  QrLoginInfoSchema,
  QrUuidBodySchema,
  QrUuidSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf, requestMeta } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { z } from 'zod';
import type { SessionDeps } from '../sessions/sessions.service';
import { cancelQr, confirmQr, describeQrLogin, pollQrLogin } from './qr-login.service';

const errors = errorResponses(400, 401, 404);
const done = okEnvelope(z.object({ ok: z.literal(true) }));

export const qrLoginRoutes =
  (deps: SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/giveTokenByUUID',
      {
        // Polled every second by the login dialog.
        config: { rateLimit: { max: 240, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: 'App 扫码登录轮询：未确认时 code 2，确认后返回一次 token',
          querystring: z.object({ uuid: QrUuidSchema }),
          response: { 200: z.union([okEnvelope(z.string()), ErrorEnvelopeSchema]), ...errors },
        },
      },
      async (request) => ({
        data: await pollQrLogin(deps, request.query.uuid, requestMeta(request)),
      }),
    );

    app.get(
      '/api/user/qrLogin',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '手机端查看待确认的扫码登录',
          security: [{ token: [] }],
          querystring: z.object({ uuid: QrUuidSchema }),
          response: { 200: okEnvelope(QrLoginInfoSchema), ...errors },
        },
      },
      async (request) => ({
        data: await describeQrLogin(deps, request.query.uuid, authOf(request).user.id),
      }),
    );

    app.post(
      '/api/user/qrLogin/confirm',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '手机端确认扫码登录',
          security: [{ token: [] }],
          body: QrUuidBodySchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await confirmQr(deps, request.body.uuid, authOf(request).user.id);
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/api/user/qrLogin/cancel',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '手机端取消扫码登录（仅限已打开该二维码的用户）',
          security: [{ token: [] }],
          body: QrUuidBodySchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await cancelQr(deps, request.body.uuid, authOf(request).user.id);
        return { data: { ok: true as const } };
      },
    );
  };

export const register: RegisterModule = (app, context) => app.register(qrLoginRoutes(context));
