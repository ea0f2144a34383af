import {
  LoginPhoneBodySchema,
  TokenResultSchema,
  UserInfoSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { authOf, requestHeader, requestMeta } from '../../lib/request-auth';
import { errorResponses } from '../../lib/error-responses';
import { z } from 'zod';
import { endSession } from '../sessions/sessions.service';
import { toUserInfo } from '../users/users.service';
import {
  exchangeMobileToken,
  issueMobileToken,
  loginWithPhone,
  type AuthDeps,
} from './auth.service';

const errors = errorResponses(400, 401, 403);

export const authRoutes =
  (deps: AuthDeps, signInsPerMinute: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/loginPhone',
      {
        config: { rateLimit: { max: signInsPerMinute, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: '手机号验证码登录（首次登录即注册）',
          body: LoginPhoneBodySchema,
          response: { 200: okEnvelope(TokenResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: { token: await loginWithPhone(deps, request.body, requestMeta(request)) },
      }),
    );

    app.get(
      '/api/auth/getUser',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '当前用户信息',
          security: [{ token: [] }],
          response: { 200: okEnvelope(UserInfoSchema), ...errors },
        },
      },
      async (request) => {
        const { user, sessionId } = authOf(request);
        const mobileToken = await issueMobileToken(deps, user.id, sessionId);
        return { data: toUserInfo(user, mobileToken, deps.quota, deps.clock.now()) };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['accounts'],
          summary: '退出登录',
          security: [{ token: [] }],
          response: { 200: okEnvelope(z.object({ loggedOut: z.literal(true) })), ...errors },
        },
      },
      async (request) => {
        await endSession(deps, authOf(request).sessionId);
        return { data: { loggedOut: true as const } };
      },
    );

    app.post(
      '/api/auth/getTokenByMobileToken',
      {
        config: { rateLimit: { max: signInsPerMinute, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: '用 App 的一次性 mobileToken 换取网页登录',
          response: { 200: okEnvelope(TokenResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: {
          token: await exchangeMobileToken(
            deps,
            requestHeader(request, 'mobileToken'),
            requestMeta(request),
          ),
        },
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(authRoutes(context, context.config.SIGN_IN_IP_MINUTE_LIMIT));
