import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PATH } from '../adapters/storage/media-keys';
import { apiNotFound } from './error-handler';

const ONE_YEAR = 60 * 60 * 24 * 365;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built single-page app. Hashed assets are cached for a year; index.html is always
 * revalidated so a deploy reaches users on their next navigation.
 */
/** Paths that are files or API, never pages: a miss there is a 404, not the app's index.html. */
function isFilePath(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith(`${MEDIA_PATH}/`);
}

export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(distDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
        } else if (filePath.endsWith('.html')) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset must fail (so the client reloads once), not turn into a page.
    if (isApiPath(url) || !isRead || isFilePath(url)) {
      return reply.status(404).send(apiNotFound(url.split('?')[0] ?? url));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .send({ code: ErrorCode.Unavailable, msg: '网页尚未构建：请先运行 npm run build' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  });
}
