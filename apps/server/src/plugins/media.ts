import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { isPrivateKey, MEDIA_PATH } from '../adapters/storage/media-keys';
import { assertObjectKey, type ObjectStorage } from '../adapters/storage/object-storage';
import { AppError } from '../lib/app-error';
import type { RecordingLinks } from '../lib/recording-links';

const ONE_DAY = 60 * 60 * 24;
/** How long the presigned GET a signed recording link redirects to stays valid. */
const PRIVATE_REDIRECT_SECONDS = 300;

/**
 * The public material path `/files/<key>`. A private object (a learner's recording) is served
 * only through a signed link its owner was handed (recording-links.ts), never from a shared cache.
 *
 * - Local disk: the files themselves. @fastify/static answers range requests (audio seeking),
 *   ETag/Last-Modified revalidation and HEAD. Bank media keep their path when regenerated, so
 *   they are cached for a day and revalidated, not marked immutable.
 * - S3: the stored links keep working (attempts and avatars hold `/files/…` paths). A signed
 *   private link answers 302 to a 5-minute presigned GET of the store; any other key 302 to the
 *   public material host. Bank media in pages already point at the public host.
 */
export async function registerMedia(
  app: FastifyInstance,
  storage: ObjectStorage,
  links: RecordingLinks,
): Promise<void> {
  if (storage instanceof LocalDiskStorage) {
    await registerLocalFiles(app, storage.root, links);
    return;
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PATH}/*`,
    handler: async (request, reply) => {
      // Fastify has decoded the path: an encoded spelling of a recording reaches the check too.
      const key = (request.params as Record<string, string>)['*'] ?? '';
      try {
        assertObjectKey(key);
      } catch {
        throw new AppError(ErrorCode.NotFound, '文件不存在');
      }
      if (!isPrivateKey(key)) {
        return reply
          .header('cache-control', `public, max-age=${ONE_DAY}`)
          .redirect(storage.publicUrl(key), 302);
      }
      const query = request.query as Record<string, unknown>;
      if (!links.verify(`${MEDIA_PATH}/${key}`, query['expires'], query['signature'])) {
        throw new AppError(ErrorCode.NotFound, '文件不存在或链接已过期');
      }
      return reply
        .header('cache-control', 'private, no-store')
        .redirect(await storage.privateUrl(key, PRIVATE_REDIRECT_SECONDS), 302);
    },
  });
}

async function registerLocalFiles(
  app: FastifyInstance,
  storageRoot: string,
  links: RecordingLinks,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: storageRoot,
    prefix: `${MEDIA_PATH}/`,
    decorateReply: false,
    index: false,
    list: false,
    // Also keeps unfinished multipart uploads (`.multipart/`) out of reach.
    dotfiles: 'deny',
    cacheControl: false,
    // Called with the decoded, normalised path (and again if the file finally chosen differs),
    // after @fastify/static has refused dotted and aliased spellings: an encoded spelling of a
    // recording's path reaches the signature check like the plain one.
    allowedPath: (pathname, _root, request) => {
      const relative = pathname.replace(/^\/+/, '');
      if (!isPrivateKey(relative)) return true;
      const query = request.query as Record<string, unknown>;
      return links.verify(`${MEDIA_PATH}/${relative}`, query['expires'], query['signature']);
    },
    setHeaders: (res, filePath) => {
      const key = path.relative(storageRoot, filePath).split(path.sep).join('/');
      res.header(
        'cache-control',
        isPrivateKey(key) ? 'private, no-store' : `public, max-age=${ONE_DAY}`,
      );
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
