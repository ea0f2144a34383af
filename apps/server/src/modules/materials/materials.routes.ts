import { readFile } from 'node:fs/promises';
import {
  MaterialDetailSchema,
  MaterialDownloadLinkSchema,
  MaterialFileParamsSchema,
  MaterialListSchema,
  MaterialParamsSchema,
  MaterialUnlocksSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf, userIdOf } from '../../lib/request-auth';
import type { Material } from './materials-catalogue';
import {
  downloadFile,
  downloadLink,
  listMaterials,
  materialDetail,
  materialSample,
  materialsDeps,
  registerMaterialProduct,
  unlocksOf,
  type MaterialsDeps,
} from './materials.service';

const tags = ['materials'];
const security = [{ token: [] }];

const DownloadQuerySchema = z.object({
  order: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .describe('购买该资料的订单号'),
  expires: z.string().max(12).describe('链接到期时间（秒）'),
  signature: z.string().max(100).describe('签名'),
});

/** 资料 (issue 21, ADR 0023): catalogue, details, sample, buyers' download links and downloads. */
export const materialsRoutes =
  (deps: MaterialsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/materials',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '资料目录：专题与资料包（登录后标出已购买）',
          response: { 200: okEnvelope(MaterialListSchema), ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ data: await listMaterials(deps, userIdOf(request)) }),
    );

    // Before '/api/materials/:id', which would not match it anyway (ids are digits).
    app.get(
      '/api/materials/unlocks',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          security,
          summary: '已购资料附带的权益：免次数练习的题型与可观看的会员微课',
          response: { 200: okEnvelope(MaterialUnlocksSchema), ...errorResponses(400, 401) },
        },
      },
      async (request) => ({ data: await unlocksOf(deps, authOf(request).user.id) }),
    );

    app.get(
      '/api/materials/:id',
      {
        config: { auth: 'optional' },
        schema: {
          tags,
          summary: '资料详情：目录、样张、价格、包含的题目与本人是否已购买',
          params: MaterialParamsSchema,
          response: { 200: okEnvelope(MaterialDetailSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ({
        data: await materialDetail(deps, request.params.id, userIdOf(request)),
      }),
    );

    app.get(
      '/api/materials/:id/sample.pdf',
      {
        schema: {
          tags,
          summary: '样张：第一份文件的前几页（application/pdf，公开）',
          params: MaterialParamsSchema,
          response: { 200: z.unknown().describe('application/pdf'), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const sample = await materialSample(deps, request.params.id);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `inline; filename*=UTF-8''${encodeURIComponent(sample.fileName)}`,
          )
          .header('cache-control', 'public, max-age=3600')
          .send(Buffer.from(sample.bytes));
      },
    );

    app.post(
      '/api/materials/:id/files/:fileId/link',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: '下载链接：购买者本人的文件（几分钟内有效，文件带购买者水印）',
          security,
          params: MaterialFileParamsSchema,
          response: {
            200: okEnvelope(MaterialDownloadLinkSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ({
        data: await downloadLink(
          deps,
          authOf(request).user.id,
          request.params.id,
          request.params.fileId,
        ),
      }),
    );

    app.get(
      '/api/materials/:id/files/:fileId/download',
      {
        // A signed link stands in for the session, so a plain <a download> can fetch it.
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags,
          summary:
            '按签名链接下载文件：302 到本人带水印副本（userCode 与订单号）的短时签名链接；首次下载时生成一次',
          params: MaterialFileParamsSchema,
          querystring: DownloadQuerySchema,
          response: {
            302: z.unknown().describe('到带水印副本的签名链接'),
            ...errorResponses(400, 403, 404, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const file = await downloadFile(deps, {
          materialId: request.params.id,
          fileId: request.params.fileId,
          orderNo: request.query.order,
          expires: request.query.expires,
          signature: request.query.signature,
        });
        // To the stamped copy in storage (a short signed link); the page's <a download> names it.
        return reply
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(file.url, 302);
      },
    );
  };

/** Copies the catalogue's pictures into storage (public, like the bank's media); unchanged ones untouched. */
export async function copyCovers(context: AppContext, materials: readonly Material[]) {
  let written = 0;
  for (const material of materials) {
    const data = await readFile(material.coverPath);
    if (await context.storage.putIfChanged(material.coverKey, data, 'image/jpeg')) written += 1;
  }
  return written;
}

export const register: RegisterModule = async (app, context) => {
  const deps = materialsDeps(context);
  registerMaterialProduct(context);
  if (context.config.CONTENT_IMPORT_ON_START) {
    // A broken catalogue is the content's fault (its test catches it): the rest of the server
    // still starts, and 资料 answers with the error until the content is fixed.
    try {
      const written = await copyCovers(context, await deps.materials());
      if (written > 0) app.log.info({ written }, 'material covers copied into storage');
    } catch (error) {
      app.log.error({ err: error }, 'materials could not be read');
    }
  }
  await app.register(materialsRoutes(deps));
};
