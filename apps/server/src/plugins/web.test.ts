import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildTestApp } from '../../test/test-app';

const indexHtml =
  '<!doctype html><html lang="zh-CN"><head><title>Ninety PTE 备考</title></head><body><div id="root"></div></body></html>';
const bundle = `console.log(${JSON.stringify('Ninety '.repeat(2000))});`;

describe('serving the built single-page app', () => {
  let app: App;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'ninety-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, 'static'));
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), bundle);
    await writeFile(
      path.join(dist, 'static', 'level-test.html'),
      '<!doctype html><title>水平测试</title>',
    );
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/high', '/exp/RA/1/2', '/mock/report/9?from=share', '/no/such/page'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year, immutable, and compresses them', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('serves static pages with no-cache and other files with a short cache', async () => {
    const page = await app.inject({ method: 'GET', url: '/static/level-test.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a missing hashed asset is a 404, not the page (so the client can reload once)', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/gone-XyZ.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      error: 'Not Found',
      path: '/assets/gone-XyZ.js',
    });
  });

  it.each(['/robots.txt.bak', '/wp-login.php', '/static/missing.html', '/.env', '/feed.xml?x=1'])(
    'answers the unknown file %s with 404, not the app (issue 23)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    },
  );

  it('serves a robots.txt that names the sitemap, and a sitemap of the public pages', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Disallow: \/api\/$/m);
    const sitemapLine = /^Sitemap: (\S+)$/m.exec(robots.body);
    expect(sitemapLine?.[1]).toMatch(/^http:\/\/.+\/sitemap\.xml$/);

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(locations).toEqual(['/', '/vip', '/material/index', '/course-info']);
  });

  it('non-GET requests outside /api do not get the page', async () => {
    const response = await app.inject({ method: 'POST', url: '/high' });
    expect(response.statusCode).toBe(404);
  });

  it('rate-limits the API, never the page and its assets', async () => {
    const limited = await buildTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_MAX: '2' });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
        expect(
          (await limited.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).statusCode,
        ).toBe(200);
      }
      const api = [];
      for (let i = 0; i < 3; i += 1)
        api.push((await limited.inject({ method: 'GET', url: '/api/docs/json' })).statusCode);
      expect(api).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('sends a Content-Security-Policy that Ant Design works under', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('API documentation and CORS', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ CORS_ORIGINS: 'https://partner.example.com' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('publishes OpenAPI JSON generated from the contract, and a docs page', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/client-errors']),
    );
    expect(JSON.stringify(document.components.schemas)).toContain('ClientErrorReport');
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('opens CORS only to configured origins', async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: {
        origin: 'https://partner.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'token,clienttype',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is closed by default', async () => {
    const closed = await buildTestApp();
    const response = await closed.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    await closed.close();
  });
});
