import {
  CreateUploadBodySchema,
  okEnvelope,
  UPLOAD_TOKEN_HEADER,
  UploadIdBodySchema,
  UploadPartUrlsBodySchema,
  UploadPartUrlsSchema,
  UploadSessionSchema,
  UploadStatusQuerySchema,
  UploadTokenParamsSchema,
  UploadTokenSchema,
} from '@ninety/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { authOf, requestHeader } from '../../lib/request-auth';
import { uploadGrants } from './upload-grants';
import {
  abortUpload,
  completeUpload,
  createUpload,
  issueUploadToken,
  partUrls,
  requireGrant,
  uploadStatus,
  type UploadsDeps,
} from './uploads.service';

const errors = errorResponses(400, 401, 403, 404, 413, 503);
const security = [{ token: [] }];
const grantHeader = {
  description: `上传凭证（uploadToken 的 credentials.sessionToken），放在 ${UPLOAD_TOKEN_HEADER} 请求头`,
};

/**
 * Learners' uploads: the credential call of spec §7 and the upload session (create → part URLs
 * → complete, or abort; status to resume). The bytes never pass through these routes: the
 * browser PUTs each slice to the URL it is given (the store, or the local store's endpoint).
 */
export const uploadsRoutes =
  (deps: UploadsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const grantOf = (request: FastifyRequest) =>
      requireGrant(deps, authOf(request).user.id, requestHeader(request, UPLOAD_TOKEN_HEADER));

    app.get(
      '/api/auth/:provider/uploadToken',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary: `临时上传凭证（30 分钟）：只能写入自己的目录 uploads/<用户 id>/；上传调用都带上 ${UPLOAD_TOKEN_HEADER}`,
          security,
          params: UploadTokenParamsSchema,
          response: { 200: okEnvelope(UploadTokenSchema), ...errors },
        },
      },
      async (request) => ({
        data: issueUploadToken(deps, authOf(request).user.id, request.params.provider),
      }),
    );

    app.post(
      '/api/uploads/create',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary:
            '开始分片上传（5 MB 一片）；同一文件未完成的上传直接返回，带上已上传的分片（断点续传）',
          description: grantHeader.description,
          security,
          body: CreateUploadBodySchema,
          response: { 200: okEnvelope(UploadSessionSchema), ...errors },
        },
      },
      async (request) => ({ data: await createUpload(deps, grantOf(request), request.body) }),
    );

    app.get(
      '/api/uploads/status',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary: '上传任务状态与存储中已有的分片',
          description: grantHeader.description,
          security,
          querystring: UploadStatusQuerySchema,
          response: { 200: okEnvelope(UploadSessionSchema), ...errors },
        },
      },
      async (request) => ({
        data: await uploadStatus(deps, grantOf(request), request.query.uploadId),
      }),
    );

    app.post(
      '/api/uploads/partUrls',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary: '分片上传地址（15 分钟有效）：用 PUT 发送分片原始字节，响应头 ETag 为分片标识',
          description: grantHeader.description,
          security,
          body: UploadPartUrlsBodySchema,
          response: { 200: okEnvelope(UploadPartUrlsSchema), ...errors },
        },
      },
      async (request) => ({ data: await partUrls(deps, grantOf(request), request.body) }),
    );

    app.post(
      '/api/uploads/complete',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary: '完成上传：所有分片齐全、大小与声明一致、内容与类型相符后合并，返回文件地址',
          description: grantHeader.description,
          security,
          body: UploadIdBodySchema,
          response: { 200: okEnvelope(UploadSessionSchema), ...errors },
        },
      },
      async (request) => ({
        data: await completeUpload(deps, grantOf(request), request.body.uploadId),
      }),
    );

    app.post(
      '/api/uploads/abort',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['uploads'],
          summary: '取消上传：删除已上传的分片（已完成的上传不受影响）',
          description: grantHeader.description,
          security,
          body: UploadIdBodySchema,
          response: { 200: okEnvelope(UploadSessionSchema), ...errors },
        },
      },
      async (request) => ({
        data: await abortUpload(deps, grantOf(request), request.body.uploadId),
      }),
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(
    uploadsRoutes({
      db: context.db,
      clock: context.clock,
      storage: context.storage,
      grants: uploadGrants(context.config.AUTH_SECRET),
      provider: context.config.STORAGE_PROVIDER,
    }),
  );
