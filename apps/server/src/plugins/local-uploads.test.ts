import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock, testConfig } from '../../test/test-app';
import type { App } from '../app';
import { LocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { MEDIA_PATH } from '../adapters/storage/media-keys';
import { MULTIPART_MAX_PART_BYTES } from '../adapters/storage/object-storage';

const clock = testClock();
const env = { STORAGE_DIR: path.join(os.tmpdir(), `ninety-local-uploads-${randomUUID()}`) };
let app: App;
/** The same directory, secret and clock as the app's storage: its part URLs are the app's. */
let storage: LocalDiskStorage;

beforeAll(async () => {
  app = await buildTestApp(env, { clock });
  const config = testConfig(env);
  storage = new LocalDiskStorage(path.resolve(config.STORAGE_DIR), MEDIA_PATH, {
    secret: config.AUTH_SECRET,
    clock,
  });
});
afterAll(async () => {
  await app.close();
});

const put = (url: string, payload: Buffer, contentType?: string) =>
  app.inject({
    method: 'PUT',
    url,
    payload,
    headers: contentType ? { 'content-type': contentType } : {},
  });

describe('PUT /api/storage/part (the local stand-in for a presigned UploadPart URL)', () => {
  it('stores the part and answers its quoted MD5 as the ETag, like S3', async () => {
    const key = `uploads/1/${randomUUID()}.png`;
    const { uploadId } = await storage.multipart.create(key, 'image/png');
    const data = Buffer.from('a slice of a picture');
    // A Blob slice says whatever type it has, or none.
    for (const type of ['application/octet-stream', 'image/png', undefined]) {
      const response = await put(
        await storage.multipart.partUrl(key, uploadId, 1, 900),
        data,
        type,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['etag']).toBe(`"${createHash('md5').update(data).digest('hex')}"`);
      expect(response.body).toBe('');
    }
    expect(await storage.multipart.listParts(key, uploadId)).toMatchObject([
      { partNumber: 1, size: data.length },
    ]);
  });

  it('refuses a URL that was changed or has expired, with 403 and a Chinese message', async () => {
    const key = `uploads/1/${randomUUID()}.png`;
    const { uploadId } = await storage.multipart.create(key, 'image/png');
    const url = await storage.multipart.partUrl(key, uploadId, 2, 60);
    const changed = [
      url.replace('partNumber=2', 'partNumber=3'),
      url.replace(`key=${encodeURIComponent(key)}`, `key=${encodeURIComponent('uploads/2/x.png')}`),
      url.replace(/signature=[^&]+/, 'signature=AAAA'),
      url.replace(/&signature=[^&]+/, ''),
      url.replace(/expires=(\d+)/, (_, at: string) => `expires=${Number(at) + 3600}`),
    ];
    for (const bad of changed) {
      const response = await put(bad, Buffer.from('x'));
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toEqual({ code: 40010, msg: '上传链接无效或已过期，请重新上传' });
    }
    clock.advance(61);
    const late = await put(url, Buffer.from('x'));
    expect(late.statusCode).toBe(403);
    expect(await storage.multipart.listParts(key, uploadId)).toEqual([]);
  });

  it('refuses a part larger than the part limit, and a part of an aborted upload', async () => {
    const key = `uploads/1/${randomUUID()}.bin`;
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    const url = await storage.multipart.partUrl(key, uploadId, 1, 900);
    const big = await put(
      url,
      Buffer.alloc(MULTIPART_MAX_PART_BYTES + 1),
      'application/octet-stream',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(41301);

    await storage.multipart.abort(key, uploadId);
    const gone = await put(url, Buffer.from('x'), 'application/octet-stream');
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ code: 40001 });
  });

  it('never serves unfinished parts from the file route', async () => {
    const key = `uploads/1/${randomUUID()}.bin`;
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    await put(await storage.multipart.partUrl(key, uploadId, 1, 900), Buffer.from('secret part'));
    for (const url of [
      `/files/.multipart/${uploadId}/upload.json`,
      `/files/%2emultipart/${uploadId}/upload.json`,
      `/files/.multipart/`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain(key);
    }
  });

  it('serves a private upload only through its private link', async () => {
    const key = `uploads/1/mock-recording/${randomUUID()}.wav`;
    await storage.put(key, Buffer.from('RIFF a mock answer'), 'audio/wav');
    const bare = await app.inject({ method: 'GET', url: `/files/${key}` });
    expect([403, 404]).toContain(bare.statusCode);
    const linked = await app.inject({ method: 'GET', url: await storage.privateUrl(key, 60) });
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['cache-control']).toBe('private, no-store');
    const avatar = `uploads/1/avatar/${randomUUID()}.png`;
    await storage.put(avatar, Buffer.from('png'), 'image/png');
    expect((await app.inject({ method: 'GET', url: `/files/${avatar}` })).statusCode).toBe(200);
  });
});
