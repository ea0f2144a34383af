import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, type App } from '../../app';
import { buildTestApp, openTestDatabase, testConfig } from '../../../test/test-app';
import { checkHealth } from './health.service';

describe('GET /api/health', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers in the envelope after checking the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('code');
    expect(body.data.status).toBe('ok');
    expect(body.data.database.driver).toBe(inject('testDatabase').driver);
    expect(body.data.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('carries a request id, and keeps a well-formed incoming one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-abc.123' },
    });
    expect(given.headers['x-request-id']).toBe('lb-abc.123');
    const hostile = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0000c' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503 in the envelope', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(), {
      database: { ...database, close: async () => undefined },
    });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 50300, msg: '数据库暂不可用' });
    await app.close();
  });
});

describe('health while the server warms up', () => {
  it('says "warming" until the services loaded after listening are ready, then "ok"', async () => {
    let warming = true;
    const deps = {
      ping: async () => undefined,
      driver: 'pglite' as const,
      version: 'test',
      startedAt: Date.now(),
      warming: () => warming,
    };
    expect((await checkHealth(deps)).status).toBe('warming');
    warming = false;
    expect((await checkHealth(deps)).status).toBe('ok');
  });
});
