import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PATH, RECORDINGS_PREFIX } from '../adapters/storage/media-keys';
import type { RecordingLinks } from '../lib/recording-links';

const ONE_DAY = 60 * 60 * 24;
const RECORDINGS = `${RECORDINGS_PREFIX}/`;

/**
 * Serves the local object storage under the public material path. @fastify/static answers range
 * requests (audio seeking), ETag/Last-Modified revalidation and HEAD. Bank media keep their path
 * when regenerated, so they are cached for a day and revalidated, not marked immutable.
 * A learner's recording is served only through a signed link its owner was handed
 * (recording-links.ts), never from a shared cache.
 */
export async function registerMedia(
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
    dotfiles: 'deny',
    cacheControl: false,
    // Called with the decoded, normalised path (and again if the file finally chosen differs),
    // after @fastify/static has refused dotted and aliased spellings: an encoded spelling of a
    // recording's path reaches the signature check like the plain one.
    allowedPath: (pathname, _root, request) => {
      const relative = pathname.replace(/^\/+/, '');
      if (!relative.startsWith(RECORDINGS)) return true;
      const query = request.query as Record<string, unknown>;
      return links.verify(`${MEDIA_PATH}/${relative}`, query['expires'], query['signature']);
    },
    setHeaders: (res, filePath) => {
      const isRecording = path
        .relative(storageRoot, filePath)
        .startsWith(`${RECORDINGS_PREFIX}${path.sep}`);
      res.header('cache-control', isRecording ? 'private, no-store' : `public, max-age=${ONE_DAY}`);
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
