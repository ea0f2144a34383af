/**
 * The whole app with STORAGE_PROVIDER=s3 against a real S3 protocol server (s3rver): the bank
 * import puts media into the bucket and pages load them from the public material host; a
 * recording's signed link redirects to a short presigned URL of the store; a store that cannot
 * be reached answers 50300.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { S3Storage } from '../src/adapters/storage/s3-storage';
import { systemClock } from '../src/lib/clock';
import { recordingLinks } from '../src/lib/recording-links';
import { fixtureBankDir } from './bank';
import { createLearner } from './factories';
import { startS3Server, type S3TestServer } from './s3-server';
import { buildTestApp, openTestDatabase, testConfig } from './test-app';

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('the app on S3 storage', () => {
  let s3: S3TestServer;
  let app: App;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    app = await buildTestApp({
      ...s3.env,
      CONTENT_IMPORT_ON_START: 'true',
      CONTENT_DIR: fixtureBankDir,
    });
    storage = new S3Storage({
      endpoint: s3.endpoint,
      region: s3.env['S3_REGION']!,
      bucket: s3.bucket,
      accessKeyId: s3.env['S3_ACCESS_KEY_ID']!,
      secretAccessKey: s3.env['S3_SECRET_ACCESS_KEY']!,
      forcePathStyle: true,
      publicBaseUrl: s3.env['S3_PUBLIC_BASE_URL']!,
    });
  });
  afterAll(async () => {
    storage.close();
    await app.close();
    await s3.stop();
  });

  it('imports bank media into the bucket; pages load them from the public material host', async () => {
    expect(await storage.exists('bank/audio/wfd/wfd-0001.mp3')).toBe(true);
    const response = await app.inject({ method: 'GET', url: '/api/posts/detail?id=wfd-0001' });
    expect(response.statusCode, response.body).toBe(200);
    const src: string = response.json().data.content.audio.src;
    expect(src).toBe(`${s3.env['S3_PUBLIC_BASE_URL']}/bank/audio/wfd/wfd-0001.mp3`);
    const audio = await fetch(src);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    // The page may load them: the CSP names the store.
    expect(response.headers['content-security-policy']).toContain(new URL(s3.endpoint).origin);
  });

  it('redirects a /files path of a public object to the public material host', async () => {
    const response = await app.inject({ method: 'GET', url: '/files/bank/audio/wfd/wfd-0001.mp3' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['location']).toBe(
      `${s3.env['S3_PUBLIC_BASE_URL']}/bank/audio/wfd/wfd-0001.mp3`,
    );
  });

  it('serves a recording through its signed link: a redirect to a short presigned URL', async () => {
    const key = `recordings/${randomUUID()}.wav`;
    const wav = new Uint8Array(4000).map((_, i) => i % 251);
    await storage.put(key, wav, 'audio/wav');
    const link = recordingLinks(testConfig().AUTH_SECRET, systemClock).sign(`/files/${key}`);

    const response = await app.inject({ method: 'GET', url: link });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const location = String(response.headers['location']);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const served = await fetch(location);
    expect(served.status).toBe(200);
    expect(md5(new Uint8Array(await served.arrayBuffer()))).toBe(md5(wav));
    // (That the public host does not serve recordings is the bucket policy's job, which s3rver
    // does not have: docs/object-storage.md.)
  });

  it('refuses a recording without a valid signature, however its path is spelled', async () => {
    const key = `recordings/${randomUUID()}.wav`;
    await storage.put(key, new Uint8Array(10), 'audio/wav');
    const link = new URL(
      recordingLinks(testConfig().AUTH_SECRET, systemClock).sign(`/files/${key}`),
      'http://localhost',
    );
    const expires = link.searchParams.get('expires') ?? '';
    const signature = link.searchParams.get('signature') ?? '';
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const file = key.slice('recordings/'.length);
    for (const url of [
      link.pathname,
      `${link.pathname}?expires=${expires}&signature=${tampered}`,
      `${link.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/files/%72ecordings/${file}?expires=${expires}&signature=${tampered}`,
      `/files/bank/../recordings/${file}`,
      `/files//recordings/${file}`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['location'], url).toBeUndefined();
    }
  });
});

describe('the app on an S3 store that cannot be reached', () => {
  it('answers 50300 with a Chinese message, and stores nothing', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const endpoint = `http://127.0.0.1:${port}`;
    const database = await openTestDatabase();
    const app = await buildApp(
      testConfig({
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'ninety',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_BASE_URL: `${endpoint}/ninety`,
      }),
      { database },
    );
    try {
      const { token } = await createLearner(database.db);
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/saveOrUpdateSetting',
        headers: { token },
        payload: { avatar: '/files/uploads/1/avatar.png' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 50300, msg: '文件存储暂时不可用，请稍后重试' });
      const settings = await app.inject({
        method: 'GET',
        url: '/api/user/querySettingImage',
        headers: { token },
      });
      expect(settings.json().data.avatar ?? null).toBeNull();
    } finally {
      await app.close();
    }
  });
});
