import {
  CountrySchema,
  NetIpSchema,
  SendSmsBodySchema,
  SendSmsResultSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { requestHeader } from '../../lib/request-auth';
import { z } from 'zod';
import type { ConsoleSmsSender } from '../../adapters/sms/console-sms-sender';
import { countryList } from './countries';
import { sendSignedLoginCode, type SmsDeps } from './sms.service';

export interface MessageRouteOptions {
  sms: SmsDeps;
  signKey: string;
  /** The console sender's outbox, exposed only outside production. */
  outbox: ConsoleSmsSender | null;
  /** sendSms requests per IP per minute. */
  perMinuteLimit: number;
}

export const messageRoutes =
  ({ sms, signKey, outbox, perMinuteLimit }: MessageRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/message/countryList',
      {
        schema: {
          tags: ['accounts'],
          summary: '国家/地区及区号列表（中国在前）',
          response: { 200: okEnvelope(z.array(CountrySchema)) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return { data: countryList() };
      },
    );

    // Spec §3: the browser cannot know its public address, so the SMS signature's netIp is the
    // address this server sees (behind TRUST_PROXY, the client's own).
    app.get(
      '/api/message/netIp',
      {
        schema: {
          tags: ['accounts'],
          summary: '客户端 IP（短信签名的 netIp）',
          response: { 200: okEnvelope(NetIpSchema) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { data: { netIp: request.ip } };
      },
    );

    app.post(
      '/api/message/sendSms',
      {
        config: { rateLimit: { max: perMinuteLimit, timeWindow: 60_000 } },
        schema: {
          tags: ['accounts'],
          summary: '发送登录验证码（需签名）',
          description:
            '请求头 userAgent、ts、expire、netIp、clientType、phone 按名称排序写成 name=value& 后接密钥，取 MD5 大写作为 body.sign；expire 为 300，ts 为 10 位秒级时间戳。',
          body: SendSmsBodySchema,
          response: {
            200: okEnvelope(SendSmsResultSchema),
            ...errorResponses(400, 429),
          },
        },
      },
      async (request) => {
        const fields = {
          userAgent: requestHeader(request, 'userAgent') ?? '',
          ts: requestHeader(request, 'ts') ?? '',
          expire: requestHeader(request, 'expire') ?? '',
          netIp: requestHeader(request, 'netIp') ?? '',
          clientType: requestHeader(request, 'clientType') ?? '',
          phone: requestHeader(request, 'phone') ?? '',
        };
        return { data: await sendSignedLoginCode(sms, signKey, fields, request.body, request.ip) };
      },
    );

    if (outbox) {
      app.get(
        '/api/dev/sms-outbox',
        {
          schema: {
            tags: ['development'],
            summary: '开发用短信发件箱（仅非生产环境）',
            querystring: z.strictObject({
              phone: z.string().min(1),
              phonecode: z.string().optional(),
            }),
          },
        },
        async (request) => ({
          data: { list: outbox.messagesFor(request.query.phonecode, request.query.phone) },
        }),
      );
    }
  };

export const register: RegisterModule = (app, context) =>
  app.register(
    messageRoutes({
      sms: context.sms,
      signKey: context.config.SMS_SIGN_KEY,
      outbox: context.smsOutbox,
      perMinuteLimit: context.config.SMS_IP_MINUTE_LIMIT,
    }),
  );
