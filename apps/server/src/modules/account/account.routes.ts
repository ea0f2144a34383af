import { Readable } from 'node:stream';
import {
  ACCOUNT_EXPORT_HOURLY_LIMIT,
  AccountDeletionCodeResultSchema,
  AccountDeletionResultSchema,
  DeleteAccountBodySchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf, perLearnerLimit } from '../../lib/request-auth';
import {
  deleteAccount,
  exportAccount,
  sendDeletionCode,
  type AccountDeps,
} from './account.service';

/**
 * 我的数据 (not in the spec; in its style): download everything we hold about the learner, and
 * delete the account after an SMS code sent to its own phone.
 */
export const accountRoutes =
  (deps: AccountDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/export',
      {
        config: {
          auth: 'user',
          rateLimit: perLearnerLimit(ACCOUNT_EXPORT_HOURLY_LIMIT, 60 * 60_000, 'account-export'),
        },
        schema: {
          tags: ['accounts'],
          summary: `下载我的数据（JSON 文件，每小时最多 ${ACCOUNT_EXPORT_HOURLY_LIMIT} 次）`,
          description:
            '账号资料（手机号打码）、会员与次数、练习设置、登录设备、学习数据、收藏、生词本、分享、全部作答与评分、模考记录与成绩报告、录音列表（带数小时内有效的签名链接）。',
          security: [{ token: [] }],
          response: {
            200: z.unknown().describe('AccountExport（附件 ninety-data-<日期>.json）'),
            ...errorResponses(401, 429),
          },
        },
      },
      async (request, reply) => {
        const file = await exportAccount(deps, authOf(request).user.id);
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(file.chunks));
      },
    );

    app.post(
      '/api/account/deletion/sendCode',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(5, 60_000, 'account-deletion-code') },
        schema: {
          tags: ['accounts'],
          summary: '注销账号：向本账号绑定的手机号发送验证码',
          security: [{ token: [] }],
          response: {
            200: okEnvelope(AccountDeletionCodeResultSchema),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => ({
        data: await sendDeletionCode(deps, authOf(request).user.id, request.ip ?? null),
      }),
    );

    app.post(
      '/api/account/delete',
      {
        config: { auth: 'user', rateLimit: perLearnerLimit(10, 60_000, 'account-delete') },
        schema: {
          tags: ['accounts'],
          summary: '注销账号：验证码正确后删除账号的全部数据与录音、上传文件，所有登录状态失效',
          description:
            '不可恢复。成功后本次使用的 token 也已失效；再次调用会得到登录失效（10006），不会影响任何数据。',
          security: [{ token: [] }],
          body: DeleteAccountBodySchema,
          response: {
            200: okEnvelope(AccountDeletionResultSchema),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => ({
        data: await deleteAccount(
          deps,
          authOf(request).user.id,
          request.body.code,
          request.ip ?? null,
        ),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(
    accountRoutes({
      db: context.db,
      clock: context.clock,
      storage: context.storage,
      queue: context.queue,
      log: context.log,
      sms: context.sms,
      recordingLinks: context.recordingLinks,
      quota: context.quota,
      timeZone: context.timeZone,
      publicBaseUrl: context.config.PUBLIC_BASE_URL,
    }),
  );
