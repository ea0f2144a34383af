import { ErrorCode, UPLOAD_PART_SIZE, UPLOAD_TOKEN_HEADER } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Learners' uploads through the API with the local store: the grant, a sliced upload from
 * create to complete (parts PUT to the URLs handed out, as the browser does), resume, and each
 * refusal with its code and message; and the avatar setting that takes the learner's own upload.
 */

let app: App;
let database: Database;
const clock = testClock();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock });
});
afterAll(async () => {
  await app.close();
});

interface Learner {
  userId: number;
  token: string;
  grant: string;
}

async function newLearner(): Promise<Learner> {
  const { userId, token } = await createLearner(database.db, { now: clock.now() });
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/local/uploadToken',
    headers: { token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { userId, token, grant: response.json().data.credentials.sessionToken };
}

const call = (learner: Learner, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { token: learner.token, [UPLOAD_TOKEN_HEADER]: learner.grant },
    ...(payload ? { payload } : {}),
  });

/** PNG signature then filler: a file the server takes for a PNG. */
function pngBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

const avatarBody = (size: number, extra: object = {}) => ({
  purpose: 'avatar',
  fileName: '我的 头像.PNG',
  size,
  contentType: 'image/png',
  lastModified: 1_764_000_000_000 + size,
  ...extra,
});

async function putPart(learner: Learner, uploadId: string, partNumber: number, bytes: Buffer) {
  const urls = await call(learner, 'POST', '/api/uploads/partUrls', {
    uploadId,
    partNumbers: [partNumber],
  });
  expect(urls.statusCode, urls.body).toBe(200);
  const [part] = urls.json().data.parts;
  const response = await app.inject({
    method: 'PUT',
    url: part.url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['etag']).toBeTruthy();
  return part as { size: number };
}

const sliceOf = (file: Buffer, partNumber: number) =>
  file.subarray((partNumber - 1) * UPLOAD_PART_SIZE, partNumber * UPLOAD_PART_SIZE);

describe('GET /api/auth/{provider}/uploadToken', () => {
  it('gives a signed-in learner a 30-minute grant for their own prefix, in the spec’s shape', async () => {
    const { userId, token } = await createLearner(database.db, { now: clock.now() });
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/cos/uploadToken',
      headers: { token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data.credentials).sort()).toEqual([
      'sessionToken',
      'tmpSecretId',
      'tmpSecretKey',
    ]);
    expect(String(data.startTime)).toMatch(/^\d{10}$/);
    expect(data.expiredTime - data.startTime).toBe(30 * 60);
    expect(data.keyPrefix).toBe(`uploads/${userId}/`);
    expect(data.partSize).toBe(5 * 1024 * 1024);
  });

  it('refuses an unknown provider and a visitor', async () => {
    const { token } = await createLearner(database.db, { now: clock.now() });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/auth/dropbox/uploadToken',
      headers: { token },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: ErrorCode.InvalidInput,
      msg: '不支持的存储服务：dropbox',
    });
    const visitor = await app.inject({ method: 'GET', url: '/api/auth/local/uploadToken' });
    expect(visitor.json().code).toBe(ErrorCode.TokenMissing);
  });
});

describe('a sliced upload', () => {
  it('goes create → parts (any order) → complete, and the avatar is served and can be saved', async () => {
    const learner = await newLearner();
    const file = pngBytes(UPLOAD_PART_SIZE * 2 + 1234);
    const created = await call(learner, 'POST', '/api/uploads/create', avatarBody(file.length));
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json().data;
    expect(session).toMatchObject({
      purpose: 'avatar',
      status: 'uploading',
      partCount: 3,
      partSize: UPLOAD_PART_SIZE,
      uploadedParts: [],
      url: null,
    });
    // Built from last-modified and the name, sanitised, with the type's extension.
    expect(session.key).toBe(
      `uploads/${learner.userId}/avatar/${1_764_000_000_000 + file.length}-file.png`,
    );

    expect((await putPart(learner, session.uploadId, 3, sliceOf(file, 3))).size).toBe(1234);
    await putPart(learner, session.uploadId, 1, sliceOf(file, 1));
    await putPart(learner, session.uploadId, 2, sliceOf(file, 2));

    const status = await call(learner, 'GET', `/api/uploads/status?uploadId=${session.uploadId}`);
    expect(
      status.json().data.uploadedParts.map((p: { partNumber: number }) => p.partNumber),
    ).toEqual([1, 2, 3]);

    const completed = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const url = completed.json().data.url as string;
    expect(url).toBe(`/files/${session.key}`);
    expect(completed.json().data.status).toBe('completed');

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file)).toBe(true);

    // Completing again is harmless.
    const again = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(again.json().data.url).toBe(url);

    const saved = await app.inject({
      method: 'POST',
      url: '/api/user/saveOrUpdateSetting',
      headers: { token: learner.token },
      payload: { avatar: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.avatar).toBe(url);

    // Another learner cannot take it as theirs.
    const other = await newLearner();
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/user/saveOrUpdateSetting',
      headers: { token: other.token },
      payload: { avatar: url },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe('请求体字段 avatar 无效：只能使用自己上传的图片');
  });

  it('resumes after a reload: the same file gives back the unfinished session with its parts', async () => {
    const learner = await newLearner();
    const file = pngBytes(UPLOAD_PART_SIZE + 10);
    const first = (
      await call(learner, 'POST', '/api/uploads/create', avatarBody(file.length))
    ).json().data;
    await putPart(learner, first.uploadId, 1, sliceOf(file, 1));

    const again = await call(learner, 'POST', '/api/uploads/create', avatarBody(file.length));
    expect(again.json().data.uploadId).toBe(first.uploadId);
    expect(again.json().data.uploadedParts).toEqual([
      expect.objectContaining({ partNumber: 1, size: UPLOAD_PART_SIZE }),
    ]);

    // Completing with a part missing says which, and the upload goes on afterwards.
    const early = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: first.uploadId,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      code: ErrorCode.InvalidInput,
      msg: '还有 1 个分片未上传（第 2 片），请继续上传',
    });
    await putPart(learner, first.uploadId, 2, sliceOf(file, 2));
    const done = await call(learner, 'POST', '/api/uploads/complete', { uploadId: first.uploadId });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses a part of the wrong size at completion, and takes the part sent again', async () => {
    const learner = await newLearner();
    const file = pngBytes(UPLOAD_PART_SIZE + 10);
    const session = (
      await call(
        learner,
        'POST',
        '/api/uploads/create',
        avatarBody(file.length, { fileName: 'b.png' }),
      )
    ).json().data;
    await putPart(learner, session.uploadId, 1, sliceOf(file, 1));
    await putPart(learner, session.uploadId, 2, Buffer.alloc(3));
    const wrong = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('第 2 片大小不对：应为 10 字节，收到 3 字节，请重新上传该分片');
    await putPart(learner, session.uploadId, 2, sliceOf(file, 2));
    const done = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses a file whose content is not its type, leaving nothing behind', async () => {
    const learner = await newLearner();
    const text = Buffer.from('not a picture at all');
    const session = (
      await call(
        learner,
        'POST',
        '/api/uploads/create',
        avatarBody(text.length, { fileName: 'x.png' }),
      )
    ).json().data;
    await putPart(learner, session.uploadId, 1, text);
    const refused = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      code: ErrorCode.UnsupportedMediaType,
      msg: '文件内容与类型不符：不是有效的头像图片（image/png）',
    });
    expect((await app.inject({ method: 'GET', url: `/files/${session.key}` })).statusCode).toBe(
      404,
    );
    const status = await call(learner, 'GET', `/api/uploads/status?uploadId=${session.uploadId}`);
    expect(status.json().data.status).toBe('aborted');
  });

  it('aborts: the parts go and the session takes no more parts', async () => {
    const learner = await newLearner();
    const file = pngBytes(100);
    const session = (
      await call(
        learner,
        'POST',
        '/api/uploads/create',
        avatarBody(file.length, { fileName: 'c.png' }),
      )
    ).json().data;
    await putPart(learner, session.uploadId, 1, file);
    const aborted = await call(learner, 'POST', '/api/uploads/abort', {
      uploadId: session.uploadId,
    });
    expect(aborted.json().data).toMatchObject({ status: 'aborted', uploadedParts: [] });
    const urls = await call(learner, 'POST', '/api/uploads/partUrls', {
      uploadId: session.uploadId,
      partNumbers: [1],
    });
    expect(urls.statusCode).toBe(404);
    expect(urls.json().msg).toBe('上传任务已取消或已过期，请重新上传');
    // A new upload of the same file starts afresh.
    const fresh = await call(
      learner,
      'POST',
      '/api/uploads/create',
      avatarBody(file.length, { fileName: 'c.png' }),
    );
    expect(fresh.json().data.uploadId).not.toBe(session.uploadId);
  });
});

describe('a private upload', () => {
  it('leaves a mock recording only as a short signed link, never at its plain /files path', async () => {
    const learner = await newLearner();
    const wav = Buffer.alloc(64);
    wav.write('RIFF', 0, 'ascii');
    wav.write('WAVE', 8, 'ascii');
    const session = (
      await call(learner, 'POST', '/api/uploads/create', {
        purpose: 'mock-recording',
        fileName: 'ra-1.wav',
        size: wav.length,
        contentType: 'audio/wav',
        lastModified: 1_764_000_000_000,
      })
    ).json().data;
    expect(session.key).toBe(`uploads/${learner.userId}/mock-recording/1764000000000-ra-1.wav`);
    await putPart(learner, session.uploadId, 1, wav);
    const completed = await call(learner, 'POST', '/api/uploads/complete', {
      uploadId: session.uploadId,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const url = completed.json().data.url as string;
    expect(url).toMatch(/signature=/);
    expect((await app.inject({ method: 'GET', url })).rawPayload.equals(wav)).toBe(true);
    const plain = await app.inject({ method: 'GET', url: `/files/${session.key}` });
    expect(plain.statusCode).not.toBe(200);
  });
});

describe('refusals', () => {
  it('needs the grant, unexpired and the learner’s own', async () => {
    const learner = await newLearner();
    const other = await newLearner();
    const body = avatarBody(100, { fileName: 'd.png' });
    const without = await app.inject({
      method: 'POST',
      url: '/api/uploads/create',
      headers: { token: learner.token },
      payload: body,
    });
    expect(without.json()).toEqual({
      code: ErrorCode.BadSignature,
      msg: '缺少上传凭证，请重新获取',
    });
    const borrowed = await call(
      { ...learner, grant: other.grant },
      'POST',
      '/api/uploads/create',
      body,
    );
    expect(borrowed.json().msg).toBe('上传凭证不属于当前账号，请重新获取');
    const forged = await call(
      { ...learner, grant: `${learner.grant.split('.')[0]}.${'A'.repeat(43)}` },
      'POST',
      '/api/uploads/create',
      body,
    );
    expect(forged.json().msg).toBe('上传凭证无效，请重新获取');

    clock.advance(30 * 60);
    const expired = await call(learner, 'POST', '/api/uploads/create', body);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: ErrorCode.BadSignature,
      msg: '上传凭证已过期，请重新获取',
    });
    // The learner's session is still good, so a new grant lets them go on.
    const renewed = await newLearnerGrant(learner);
    expect((await call(renewed, 'POST', '/api/uploads/create', body)).statusCode).toBe(200);
  });

  it.each([
    {
      case: 'a key in another learner’s prefix',
      extra: { key: 'uploads/999999/avatar/x.png' },
      code: ErrorCode.InvalidInput,
      msg: /^请求体字段 key 无效：只能上传到自己的目录 uploads\/\d+\/avatar\/$/,
    },
    {
      case: 'an empty key',
      extra: { key: '/' },
      code: ErrorCode.InvalidInput,
      msg: /^请求体字段 key 无效：对象键不能为空$/,
    },
    {
      case: 'a key with ..',
      extra: { key: 'uploads/1/../2/x.png' },
      code: ErrorCode.InvalidInput,
      msg: /对象键只能由字母/,
    },
    {
      case: 'a type an avatar cannot be',
      extra: { contentType: 'image/svg+xml' },
      code: ErrorCode.UnsupportedMediaType,
      msg: /^不支持的文件类型：头像图片只能是 png、jpg、webp、gif 格式$/,
    },
    {
      case: 'an avatar over 15 MB',
      extra: { size: 15 * 1024 * 1024 + 1 },
      code: ErrorCode.PayloadTooLarge,
      msg: /^文件过大：头像图片不能超过 15 MB$/,
    },
    {
      case: 'an unknown purpose',
      extra: { purpose: 'anything' },
      code: ErrorCode.InvalidInput,
      msg: /purpose/,
    },
  ])('refuses $case', async ({ extra, code, msg }) => {
    const learner = await newLearner();
    const response = await call(learner, 'POST', '/api/uploads/create', avatarBody(100, extra));
    expect(response.json().code, response.body).toBe(code);
    expect(response.json().msg).toMatch(msg);
  });

  it('takes a given key in the learner’s own prefix, leading slash removed', async () => {
    const learner = await newLearner();
    const response = await call(
      learner,
      'POST',
      '/api/uploads/create',
      avatarBody(100, { key: `/uploads/${learner.userId}/avatar/given.png` }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.key).toBe(`uploads/${learner.userId}/avatar/given.png`);
  });

  it('refuses part numbers out of range and another learner’s upload', async () => {
    const learner = await newLearner();
    const session = (
      await call(learner, 'POST', '/api/uploads/create', avatarBody(100, { fileName: 'e.png' }))
    ).json().data;
    const outOfRange = await call(learner, 'POST', '/api/uploads/partUrls', {
      uploadId: session.uploadId,
      partNumbers: [1, 2],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().msg).toBe(
      '请求体字段 partNumbers 无效：分片序号超出范围：本文件共 1 片（第 2 片不存在）',
    );
    const zero = await call(learner, 'POST', '/api/uploads/partUrls', {
      uploadId: session.uploadId,
      partNumbers: [0],
    });
    expect(zero.json().code).toBe(ErrorCode.InvalidInput);

    const other = await newLearner();
    for (const [method, url, payload] of [
      ['GET', `/api/uploads/status?uploadId=${session.uploadId}`, undefined],
      ['POST', '/api/uploads/partUrls', { uploadId: session.uploadId, partNumbers: [1] }],
      ['POST', '/api/uploads/complete', { uploadId: session.uploadId }],
      ['POST', '/api/uploads/abort', { uploadId: session.uploadId }],
    ] as const) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        code: ErrorCode.NotFound,
        msg: '上传任务不存在，请重新上传',
      });
    }
    const mine = await call(learner, 'GET', `/api/uploads/status?uploadId=${session.uploadId}`);
    expect(mine.json().data.status).toBe('uploading');
  });
});

async function newLearnerGrant(learner: Learner): Promise<Learner> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/local/uploadToken',
    headers: { token: learner.token },
  });
  return { ...learner, grant: response.json().data.credentials.sessionToken };
}

describe('the OpenAPI document', () => {
  it('describes the upload calls and their shapes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    for (const path of [
      '/api/auth/{provider}/uploadToken',
      '/api/uploads/create',
      '/api/uploads/status',
      '/api/uploads/partUrls',
      '/api/uploads/complete',
      '/api/uploads/abort',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'UploadToken',
        'CreateUploadBody',
        'UploadSession',
        'UploadPartUrls',
      ]),
    );
  });
});
