import {
  BindingPhoneBodySchema,
  ErrorCode,
  ErrorEnvelopeSchema,
  TokenResultSchema,
  WechatSceneSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { requestMeta } from '../../lib/request-auth';
import { z } from 'zod';
import type { OfficialAccountProvider } from '../../adapters/wechat/official-account-provider';
import {
  LOCAL_OPENID_PREFIX,
  bindPhone,
  createScene,
  pollScene,
  recordScan,
  simulateScan,
  simulatorIdentities,
  type WechatDeps,
} from './wechat.service';

const errors = errorResponses(400, 401, 403, 404);

export const wechatRoutes =
  (deps: WechatDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/callBack',
      {
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: '微信扫码登录：生成二维码与 sceneId',
          response: { 200: okEnvelope(WechatSceneSchema), ...errors },
        },
      },
      async () => ({ data: await createScene(deps) }),
    );

    app.get(
      '/api/auth/verifySceneId',
      {
        config: { rateLimit: { max: 240, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary:
            '微信扫码轮询：等待中 code 2；未绑定手机 code 1011（msg 为 userCode）；否则返回 token',
          querystring: z.object({ sceneId: z.string().regex(/^[0-9a-f]{24}$/, '二维码编号无效') }),
          response: {
            200: z.union([okEnvelope(TokenResultSchema), ErrorEnvelopeSchema]),
            ...errors,
          },
        },
      },
      async (request) => ({
        data: { token: await pollScene(deps, request.query.sceneId, requestMeta(request)) },
      }),
    );

    app.post(
      '/api/auth/bindingPhone',
      {
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: '微信账号绑定手机号（已有账号则合并）并登录',
          body: BindingPhoneBodySchema,
          response: { 200: okEnvelope(TokenResultSchema), ...errors },
        },
      },
      async (request) => ({
        data: { token: await bindPhone(deps, request.body, requestMeta(request)) },
      }),
    );
  };

/** The official account's event push: URL verification (GET) and scan events (POST, XML). */
export const wechatPushRoutes =
  (deps: WechatDeps, provider: OfficialAccountProvider): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const signatureQuery = z.object({
      signature: z.string(),
      timestamp: z.string(),
      nonce: z.string(),
      echostr: z.string().optional(),
    });

    const checkSignature = (query: z.infer<typeof signatureQuery>) => {
      if (!provider.verifyPushSignature(query.signature, query.timestamp, query.nonce)) {
        throw new AppError(ErrorCode.BadSignature, '微信推送签名无效');
      }
    };

    app.get(
      '/api/wechat/push',
      { schema: { hide: true, querystring: signatureQuery } },
      async (request, reply) => {
        checkSignature(request.query);
        return reply.type('text/plain').send(request.query.echostr ?? '');
      },
    );

    app.post(
      '/api/wechat/push',
      { schema: { hide: true, querystring: signatureQuery } },
      async (request, reply) => {
        checkSignature(request.query);
        const scan = typeof request.body === 'string' ? provider.parsePush(request.body) : null;
        if (scan) await recordScan(deps, scan);
        // WeChat retries unless it reads "success".
        return reply.type('text/plain').send('success');
      },
    );
  };

/** The local simulator's scan page calls these: pick or create a WeChat identity and scan. */
export const wechatSimulatorRoutes =
  (deps: WechatDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const IdentitySchema = z.object({
      openId: z.string(),
      nickname: z.string(),
      hasPhone: z.boolean(),
    });

    app.get(
      '/api/dev/wechat/identities',
      {
        schema: {
          tags: ['development'],
          summary: '本地微信模拟器：已有的模拟微信身份',
          response: { 200: okEnvelope(z.array(IdentitySchema)) },
        },
      },
      async () => ({ data: await simulatorIdentities(deps) }),
    );

    app.post(
      '/api/dev/wechat/scan',
      {
        schema: {
          tags: ['development'],
          summary: '本地微信模拟器：以新的或已有的微信身份扫码',
          body: z.strictObject({
            sceneId: z.string().min(1),
            openId: z.string().startsWith(LOCAL_OPENID_PREFIX).optional(),
            nickname: z.string().trim().min(1).max(30).optional(),
          }),
          response: { 200: okEnvelope(IdentitySchema), ...errors },
        },
      },
      async (request) => ({ data: await simulateScan(deps, request.body) }),
    );
  };

/** Scans arrive pushed by WeChat in production, and from the local simulator elsewhere. */
export const register: RegisterModule = async (app, context) => {
  const deps: WechatDeps = { ...context, provider: context.wechat };
  await app.register(wechatRoutes(deps));
  if (context.officialAccount) {
    await app.register(wechatPushRoutes(deps, context.officialAccount));
  } else if (context.config.NODE_ENV !== 'production') {
    await app.register(wechatSimulatorRoutes(deps));
  }
};
