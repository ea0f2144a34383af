import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
/**
 * Paths that are files or API, never pages: a miss there is a 404, not the app's index.html. No
 * app route ends in a file extension, so /wp-login.php or /missing.txt is a 404 too (issue 23:
 * every unknown URL answered the app with 200); unknown paths without one still get the app,
 * whose own 404 page says so.
 */
function isFilePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return (
    pathname.startsWith('/assets/') ||
    pathname.startsWith(`${MEDIA_PATH}/`) ||
    pathname.startsWith('/static/') ||
    /\.[A-Za-z0-9]{1,8}$/.test(pathname)
  );
}

/** The public pages a search engine may list (spec §6: open without signing in). */
export const SITEMAP_PATHS = ['/', '/vip', '/material/index', '/course-info'] as const;

function robotsTxt(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    // The API, the phone-only pages and the share links are not pages to list.
    'Disallow: /api/',
    'Disallow: /m/',
    'Disallow: /H5/',
    'Allow: /',
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapXml(publicBaseUrl: string): string {
  const urls = SITEMAP_PATHS.map((page) => `  <url><loc>${publicBaseUrl}${page}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Where a page's server-made stand-in goes: React's root, replaced by its first render. */
const EMPTY_ROOT = '<div id="root"></div>';

export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  publicBaseUrl: string,
  /** The largest text of a page's first paint as HTML, or null (issue 23, ADR 0036). */
  standIn?: (url: string) => Promise<string | null>,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  // Read once: a build's index.html does not change while its server runs.
  const indexHtml = hasBuild ? await readFile(indexFile, 'utf8') : '';

  // Made here rather than kept in dist/: they name the site's public address.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicBaseUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicBaseUrl)),
  );

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
    if (standIn && request.method === 'GET' && indexHtml.includes(EMPTY_ROOT)) {
      // The page still works without it: a failed read only costs the early paint.
      const html = await standIn(url).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page stand-in failed');
        return null;
      });
      if (html) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(indexHtml.replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`));
      }
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  });
}
