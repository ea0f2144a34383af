import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PATH } from './web';

const ONE_DAY = 60 * 60 * 24;

/**
 * Serves the local object storage under the public material path. @fastify/static answers range
 * requests (audio seeking), ETag/Last-Modified revalidation and HEAD. Bank media keep their path
 * when regenerated, so they are cached for a day and revalidated, not marked immutable.
 */
export async function registerMedia(app: FastifyInstance, storageRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: storageRoot,
    prefix: `${MEDIA_PATH}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // A learner's recording is reachable only by its unguessable name and must not sit in
      // shared caches; the bank's media are the same for everyone.
      const isRecording = path.relative(storageRoot, filePath).startsWith(`recordings${path.sep}`);
      res.header('cache-control', isRecording ? 'private, no-store' : `public, max-age=${ONE_DAY}`);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
