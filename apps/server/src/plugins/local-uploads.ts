import { ErrorCode } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import type { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { LOCAL_PART_PATH } from '../adapters/storage/media-keys';
import { MULTIPART_MAX_PART_BYTES } from '../adapters/storage/object-storage';
import { AppError } from '../lib/app-error';

/**
 * The local disk's stand-in for a presigned UploadPart URL: the browser PUTs one part's raw bytes
 * to the URL `storage.multipart.partUrl` handed out, and gets 200 with the part's `ETag` (quoted
 * MD5), exactly as from S3, so the same uploader works with either store. Authorised by the URL's
 * signature alone (key, upload, part number, expiry), like a presigned URL: no session needed.
 */
export async function registerLocalUploads(
  app: FastifyInstance,
  storage: LocalDiskStorage,
): Promise<void> {
  await app.register(async (scope) => {
    // A part is bytes of any type (a Blob slice often has none): take the body as it comes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MULTIPART_MAX_PART_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(LOCAL_PART_PATH, { bodyLimit: MULTIPART_MAX_PART_BYTES }, async (request, reply) => {
      const target = storage.verifyPartQuery(request.query as Record<string, unknown>);
      if (!target) {
        throw new AppError(ErrorCode.BadSignature, '上传链接无效或已过期，请重新上传', 403);
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { etag } = await storage.putPart(target.key, target.uploadId, target.partNumber, body);
      return reply
        .header('etag', etag)
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'ETag')
        .send();
    });
  });
}
