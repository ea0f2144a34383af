import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { AppError } from '../lib/app-error';
import { buildTestApp } from '../../test/test-app';
import { registerErrorHandling } from './error-handler';

const validReport = { kind: 'render', message: '渲染失败', url: '/high' };

describe('bad input gets the envelope (design.md §3)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (
    payload: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => app.inject({ method: 'POST', url: '/api/client-errors', payload, headers });

  it('accepts a valid body', async () => {
    const response = await post(JSON.stringify(validReport));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { accepted: true } });
  });

  it('malformed JSON → 400 / 40001 with a Chinese message', async () => {
    const response = await post('{"kind": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.InvalidInput, msg: '请求体不是有效的 JSON' });
  });

  it('empty JSON body → 40001', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidInput);
  });

  it('a wrong type names the field', async () => {
    const response = await post(JSON.stringify({ ...validReport, message: 42 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.InvalidInput);
    expect(body.msg).toContain('message');
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('unknown fields are refused where the schema is strict', async () => {
    const response = await post(JSON.stringify({ ...validReport, admin: true }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ErrorCode.InvalidInput,
      msg: '请求体包含未知字段：admin',
    });
  });

  it('a body over the limit → 413 with a code', async () => {
    const response = await post(JSON.stringify({ ...validReport, stack: 'x'.repeat(64 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: ErrorCode.PayloadTooLarge, msg: '请求内容过大' });
  });

  it('an unsupported content type → 415 with a code', async () => {
    const response = await post('kind=render', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(ErrorCode.UnsupportedMediaType);
  });

  it('unknown /api path → HTTP 404 {status, error, path}', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 404,
        error: 'Not Found',
        path: '/api/no-such-thing',
      });
    }
  });

  it('a route limit answers 429 / 42901', async () => {
    const limited = await buildTestApp();
    try {
      let last = 0;
      let body: unknown;
      for (let i = 0; i < 31; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/api/client-errors',
          payload: validReport,
        });
        last = response.statusCode;
        body = response.json();
      }
      expect(last).toBe(429);
      expect(body).toEqual({ code: ErrorCode.TooManyRequests, msg: '操作过于频繁，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});

describe('the error handler on its own', () => {
  it('turns an unexpected error into 500 / 50000, logs it with the request id, leaks nothing', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://admin:pw@db');
    });
    app.get('/app-error', async () => {
      throw new AppError(ErrorCode.NotFound);
    });
    await app.ready();

    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 50000, msg: '服务器开小差了，请稍后再试' });
    expect(response.body).not.toContain('secret');
    const logged = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'unhandled error');
    expect(logged?.reqId).toBeTruthy();
    expect(logged?.err?.message).toContain('secret');

    const notFound = await app.inject({ method: 'GET', url: '/app-error' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ code: 40401, msg: '内容不存在' });
    await app.close();
  });
});
