import {
  BindingsSchema,
  ChangePhoneBodySchema,
  ChangePhoneResultSchema,
  CurrentPhoneCodeResultSchema,
  ErrorEnvelopeSchema,
  NewPhoneCodeBodySchema,
  PhoneChangeProofSchema,
  PhoneCodeWaitSchema,
  SendSmsResultSchema,
  VerifyCurrentPhoneBodySchema,
  WechatBindSceneQuerySchema,
  WechatSceneSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf, perLearnerLimit } from '../../lib/request-auth';
import {
  bindingsOf,
  changeBoundPhone,
  currentPhoneCodeWait,
  pollWechatBinding,
  sendCurrentPhoneCode,
  sendNewPhoneCode,
  startWechatBinding,
  unbindWechat,
  verifyCurrentPhone,
  type BindingsDeps,
} from './bindings.service';

const secured = { tags: ['accounts'], security: [{ token: [] }] };

/** 个人中心 · 登录方式 (not in the spec; in its style): the phone and WeChat bindings. */
export const bindingsRoutes =
  (deps: BindingsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/bindings',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          summary: '登录方式：绑定的手机号（打码）与微信',
          response: { 200: okEnvelope(BindingsSchema), ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await bindingsOf(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/user/bindings/phone/currentCodeWait',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          summary: '更换手机号第 1 步之前：距可再向当前手机号发送验证码的秒数（60 秒规则）',
          response: { 200: okEnvelope(PhoneCodeWaitSchema), ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await currentPhoneCodeWait(deps, authOf(request).user.id) }),
    );

    app.post(
      '/api/user/bindings/phone/sendCurrentCode',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(5, 60_000, 'phone-change-current') },
        schema: {
          ...secured,
          summary: '更换手机号第 1 步：向当前绑定的手机号发送验证码',
          response: {
            200: okEnvelope(CurrentPhoneCodeResultSchema),
            ...errorResponses(400, 401, 429, 503),
          },
        },
      },
      async (request) => ({
        data: await sendCurrentPhoneCode(deps, authOf(request).user.id, request.ip ?? null),
      }),
    );

    app.post(
      '/api/user/bindings/phone/verifyCurrent',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(10, 60_000, 'phone-change-verify') },
        schema: {
          ...secured,
          summary: '更换手机号第 2 步：验证当前手机号收到的验证码，得到 10 分钟内有效的凭证',
          body: VerifyCurrentPhoneBodySchema,
          response: {
            200: okEnvelope(PhoneChangeProofSchema),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => ({
        data: await verifyCurrentPhone(
          deps,
          authOf(request),
          request.body.code,
          request.ip ?? null,
        ),
      }),
    );

    app.post(
      '/api/user/bindings/phone/sendNewCode',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(5, 60_000, 'phone-change-new') },
        schema: {
          ...secured,
          summary: '更换手机号第 3 步：向新手机号发送验证码（需第 2 步的凭证）',
          body: NewPhoneCodeBodySchema,
          response: {
            200: okEnvelope(SendSmsResultSchema),
            ...errorResponses(400, 401, 429, 503),
          },
        },
      },
      async (request) => ({
        data: await sendNewPhoneCode(deps, authOf(request), request.body, request.ip ?? null),
      }),
    );

    app.post(
      '/api/user/bindings/phone/change',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(10, 60_000, 'phone-change') },
        schema: {
          ...secured,
          summary: '更换手机号第 4 步：验证新手机号的验证码并换绑；其他设备全部退出登录',
          description: '新手机号已是其他账号的登录手机号时答 40008。',
          body: ChangePhoneBodySchema,
          response: {
            200: okEnvelope(ChangePhoneResultSchema),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => ({
        data: await changeBoundPhone(deps, authOf(request), request.body, request.ip ?? null),
      }),
    );

    app.post(
      '/api/user/bindings/wechat/scene',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(10, 60_000, 'wechat-bind-scene') },
        schema: {
          ...secured,
          summary: '绑定微信：生成扫码二维码',
          response: { 200: okEnvelope(WechatSceneSchema), ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => ({ data: await startWechatBinding(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/user/bindings/wechat/scene',
      {
        config: { auth: 'user' },
        schema: {
          ...secured,
          summary: '绑定微信：轮询扫码结果（2 表示等待扫码；40007 表示该微信已绑定其他账号）',
          querystring: WechatBindSceneQuerySchema,
          response: {
            200: z.union([okEnvelope(BindingsSchema), ErrorEnvelopeSchema]),
            ...errorResponses(400, 401),
          },
        },
      },
      async (request) => ({
        data: await pollWechatBinding(deps, authOf(request).user.id, request.query.sceneId),
      }),
    );

    app.post(
      '/api/user/bindings/wechat/unbind',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(10, 60_000, 'wechat-unbind') },
        schema: {
          ...secured,
          summary: '解绑微信（账号没有手机号时不可解绑）',
          response: { 200: okEnvelope(BindingsSchema), ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => ({ data: await unbindWechat(deps, authOf(request).user.id) }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(bindingsRoutes({ ...context, provider: context.wechat }));
