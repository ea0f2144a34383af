import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, testConfig } from '../../test/test-app';
import { getUser, signIn } from '../../test/accounts';
import type { App } from '../app';
import { loadConfig } from '../config';
import { httpServerOptions } from './http-server';

/** Writes raw bytes and collects everything the server sends until it closes the socket. */
function rawExchange(port: number, ...chunks: (string | Buffer)[]) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
  socket.on('connect', () => {
    for (const chunk of chunks) socket.write(chunk);
  });
  return { socket, closed, received: () => received };
}

/** Waits until the server has sent a whole response head plus `{...}` body. */
async function firstResponse(exchange: ReturnType<typeof rawExchange>) {
  await expect
    .poll(() => /\r\n\r\n\{.*\}/s.test(exchange.received()), { timeout: 20_000 })
    .toBe(true);
  const text = exchange.received();
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
  const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4).match(/\{.*?\}(?=$|HTTP)/s)![0]);
  return { status, body, head: text.slice(0, text.indexOf('\r\n\r\n')) };
}

// HTTP behaviour does not depend on the database driver: once, on PGlite.
describe.runIf(inject('testDatabase').driver === 'pglite')('the HTTP server (issue 18)', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    app = await buildTestApp({
      HTTP_IDLE_TIMEOUT_MS: '1000',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_TIMEOUT_CHECK_MS: '100',
      SCORING_WAIT_MS: '0',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('closes a slow-loris socket that never finishes its headers (finding 5)', async () => {
    const exchange = rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n');
    // Before: requestTimeout and connectionTimeout were 0, and such sockets stayed open.
    await exchange.closed;
  });

  it('closes a socket that never sends a byte', async () => {
    await rawExchange(port).closed;
  });

  it('closes an idle keep-alive socket', async () => {
    const exchange = rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await firstResponse(exchange)).status).toBe(200);
    await exchange.closed;
  });

  it('refuses a large body without a token before reading it (finding 5)', async () => {
    const exchange = rawExchange(
      port,
      'POST /api/posts/examedVoice?itemId=1 HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: audio/wav\r\nContent-Length: 4000000\r\n\r\n',
    );
    // Not one byte of the 4 MB is sent: the answer must not wait for it.
    const { status, body } = await firstResponse(exchange);
    expect(status).toBe(401);
    expect(body).toEqual({ code: 10006, msg: '请先登录' });
    exchange.socket.destroy();
  });

  it('answers a body longer than its Content-Length in the envelope (finding 8)', async () => {
    const exchange = rawExchange(
      port,
      'POST /api/client-errors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\n\r\n{"message":"x","extra":"trailing bytes that are not a request"}',
    );
    await exchange.closed;
    const text = exchange.received();
    // The bytes after the declared length are a malformed second request.
    const last = text.slice(text.lastIndexOf('HTTP/1.1 '));
    expect(last).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ code: 40001, msg: '请求参数有误' });
    expect(text).not.toContain('statusCode');
  });

  it('answers a URL over 16 KB in the envelope (finding 8)', async () => {
    const exchange = rawExchange(
      port,
      `GET /api/posts/getfuzzy?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    await exchange.closed;
    const text = exchange.received();
    expect(text).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 40001,
      msg: '请求地址或请求头过长',
    });
  });

  it('answers a URL the router cannot decode in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/items/%E0%A4%A' });
    expect(response.statusCode).toBeLessThan(500);
    expect(Object.keys(response.json() as object).sort()).toEqual(
      response.statusCode === 404 ? ['error', 'path', 'status'] : ['code', 'msg'],
    );
  });

  it('marks API answers no-store, the signed-in user above all (finding 13)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe(
      'no-store',
    );
    const user = await getUser(app, await signIn(app));
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    // A route that chose its own caching keeps it.
    const countries = await app.inject({ method: 'POST', url: '/api/message/countryList' });
    expect(countries.headers['cache-control']).toBe('public, max-age=86400');
  }, 60_000);
});

describe.runIf(inject('testDatabase').driver === 'pglite')('API docs (finding 13)', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a-production-secret-of-some-length',
    SMS_SIGN_KEY: 'production-sms-key',
  };

  it('are off in production unless API_DOCS is set', async () => {
    expect(testConfig(production).API_DOCS).toBe(false);
    expect(testConfig().API_DOCS).toBe(true);
    const app = await buildTestApp(production);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('when served, carry no upgrade-insecure-requests (plain-http installs)', async () => {
    const app = await buildTestApp({ ...production, API_DOCS: 'true' });
    try {
      const page = await app.inject({
        method: 'GET',
        url: '/api/docs/static/swagger-initializer.js',
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBeTruthy();
      expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('TRUST_PROXY (finding 7)', () => {
  async function ipSeen(trust: string, remoteAddress: string, forwardedFor: string) {
    const app = Fastify(httpServerOptions(loadConfig({ TRUST_PROXY: trust })));
    app.get('/ip', async (request) => request.ip);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return response.body;
    } finally {
      await app.close();
    }
  }

  it('believes only as many hops as there are proxies', async () => {
    // A client rotating its own X-Forwarded-For no longer picks its address.
    expect(await ipSeen('1', '10.0.0.2', '198.51.100.9, 203.0.113.5')).toBe('203.0.113.5');
    expect(await ipSeen('2', '10.0.0.2', '198.51.100.9, 203.0.113.5, 10.0.0.3')).toBe(
      '203.0.113.5',
    );
    expect(await ipSeen('false', '10.0.0.2', '198.51.100.9')).toBe('10.0.0.2');
  });

  it('believes listed proxy addresses only', async () => {
    expect(await ipSeen('10.0.0.0/8', '10.0.0.2', '198.51.100.9, 203.0.113.5')).toBe('203.0.113.5');
    // From an address that is not a listed proxy the header is ignored.
    expect(await ipSeen('10.0.0.0/8', '192.0.2.1', '198.51.100.9')).toBe('192.0.2.1');
  });

  it('refuses true, which trusted whatever a client wrote', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY:.*hop|proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY:/);
  });
});
