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
    setHeaders: (res) => {
      res.header('cache-control', `public, max-age=${ONE_DAY}`);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
