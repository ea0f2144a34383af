import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@ninety/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database } from '../../db/client';
import { uploadSessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createUser } from '../../../test/factories';
import { openTestDatabase, testClock } from '../../../test/test-app';
import { uploadGrants } from './upload-grants';
import {
  abortAbandonedUploads,
  abortOpenUploadsOf,
  createUpload,
  objectKeyFor,
  requireGrant,
  sanitiseFileStem,
  uploadStatus,
  type UploadsDeps,
} from './uploads.service';

/**
 * The upload service beside the API test: keys and grants as pure rules, a store that cannot be
 * reached (50300, nothing written), and the periodic cleanup of abandoned uploads.
 */

let database: Database;
const clock = testClock();
const grants = uploadGrants('a test secret of enough length');
let storage: LocalDiskStorage;

beforeAll(async () => {
  database = await openTestDatabase();
  storage = new LocalDiskStorage(
    path.join(os.tmpdir(), `ninety-uploads-test-${randomUUID()}`),
    '/files',
    { secret: 'a test secret of enough length', clock },
  );
});
afterAll(async () => {
  await database.close();
});

const depsWith = (store: ObjectStorage): UploadsDeps => ({
  db: database.db,
  clock,
  storage: store,
  grants,
  provider: 'local',
});

const grantFor = (userId: number) =>
  requireGrant(
    { grants, clock },
    userId,
    grants.issue(userId, `uploads/${userId}/`, Math.floor(clock.now().getTime() / 1000), 1800)
      .token,
  );

const body = (fileName: string) => ({
  purpose: 'avatar' as const,
  fileName,
  size: 1000,
  contentType: 'image/png',
  lastModified: 1_700_000_000_000,
});

/** The local store with every call failing as a store out of reach would. */
function unreachable(store: LocalDiskStorage): ObjectStorage {
  const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
  return Object.assign(Object.create(store) as ObjectStorage, {
    multipart: { create: down, partUrl: down, listParts: down, complete: down, abort: down },
    get: down,
  });
}

describe('keys', () => {
  it.each([
    ['我的 头像.PNG', 'file'],
    ['IMG_2024 (1).jpeg', 'IMG_2024-1'],
    ['..hidden..name...png', 'hidden.name'],
    ['C:\\photos\\me.png', 'me'],
    ['a/b/../c.gif', 'c'],
    [`${'x'.repeat(200)}.png`, 'x'.repeat(80)],
  ])('makes %j a safe name stem: %j', (name, stem) => {
    expect(sanitiseFileStem(name)).toBe(stem);
  });

  it('builds a key from last-modified and name, or takes a given one in the prefix', () => {
    const built = objectKeyFor(7, { ...body('me.png'), key: undefined }, 'png');
    expect(built).toBe('uploads/7/avatar/1700000000000-me.png');
    expect(objectKeyFor(7, { ...body('x'), key: '//uploads/7/avatar/a.jpeg' }, 'jpg')).toBe(
      'uploads/7/avatar/a.jpeg',
    );
    expect(() => objectKeyFor(7, { ...body('x'), key: 'uploads/7/avatar/a.gif' }, 'png')).toThrow(
      '对象键的扩展名应为 .png',
    );
    expect(() => objectKeyFor(7, { ...body('x'), key: 'uploads/70/avatar/a.png' }, 'png')).toThrow(
      '只能上传到自己的目录 uploads/7/avatar/',
    );
    // Not beside the purpose's folder, where the privacy of a recording would be lost.
    expect(() =>
      objectKeyFor(7, { ...body('x'), purpose: 'mock-recording', key: 'uploads/7/a.wav' }, 'wav'),
    ).toThrow('只能上传到自己的目录 uploads/7/mock-recording/');
  });
});

describe('grants', () => {
  it('are refused once expired, altered or signed with another secret', () => {
    const issued = grants.issue(5, 'uploads/5/', 1_000_000_000, 60);
    expect(grants.read(issued.token)).toMatchObject({ userId: 5, expiredTime: 1_000_000_060 });
    const [payload, signature] = issued.token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...grants.read(issued.token), userId: 6 }),
    ).toString('base64url');
    expect(grants.read(`${altered}.${signature}`)).toBeNull();
    expect(uploadGrants('another secret of enough length').read(issued.token)).toBeNull();
    expect(grants.read(`${payload}`)).toBeNull();
    expect(() => requireGrant({ grants, clock }, 5, issued.token)).toThrow('上传凭证已过期');
  });
});

describe('a store out of reach', () => {
  it('answers 50300 with a Chinese message and writes no session', async () => {
    const user = await createUser(database.db);
    const deps = depsWith(unreachable(storage));
    const error = await createUpload(deps, grantFor(user.id), body('down.png')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: ErrorCode.Unavailable,
      httpStatus: 503,
      message: '文件存储服务暂不可用，请稍后再试',
    });
    const [rows] = await database.db
      .select({ n: count() })
      .from(uploadSessions)
      .where(eq(uploadSessions.userId, user.id));
    expect(rows?.n).toBe(0);
  });

  it('fails a status call with 50300 and leaves the session as it was', async () => {
    const user = await createUser(database.db);
    const session = await createUpload(depsWith(storage), grantFor(user.id), body('up.png'));
    await expect(
      uploadStatus(depsWith(unreachable(storage)), grantFor(user.id), session.uploadId),
    ).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    const status = await uploadStatus(depsWith(storage), grantFor(user.id), session.uploadId);
    expect(status.status).toBe('uploading');
  });
});

describe('abortAbandonedUploads', () => {
  it('aborts uploads idle for a day on the store and marks them; the store failing leaves them for the next run', async () => {
    const user = await createUser(database.db);
    const old = await createUpload(depsWith(storage), grantFor(user.id), body('old.png'));
    clock.advance(20 * 60 * 60);
    const recent = await createUpload(depsWith(storage), grantFor(user.id), body('recent.png'));
    clock.advance(5 * 60 * 60);

    const failed = await abortAbandonedUploads({
      db: database.db,
      clock,
      storage: unreachable(storage),
    });
    expect(failed.aborted).toBe(0);
    expect(failed.failed).toBeGreaterThanOrEqual(1);

    const result = await abortAbandonedUploads({ db: database.db, clock, storage });
    expect(result.aborted).toBeGreaterThanOrEqual(1);
    const grant = grantFor(user.id);
    expect((await uploadStatus(depsWith(storage), grant, old.uploadId)).status).toBe('aborted');
    expect((await uploadStatus(depsWith(storage), grant, recent.uploadId)).status).toBe(
      'uploading',
    );
  });
});

describe('abortOpenUploadsOf', () => {
  it('aborts only that learner’s unfinished uploads', async () => {
    const user = await createUser(database.db);
    const other = await createUser(database.db);
    const mine = await createUpload(depsWith(storage), grantFor(user.id), body('mine.png'));
    const theirs = await createUpload(depsWith(storage), grantFor(other.id), body('theirs.png'));
    expect(await abortOpenUploadsOf({ db: database.db, clock, storage }, user.id)).toBe(1);
    expect((await uploadStatus(depsWith(storage), grantFor(user.id), mine.uploadId)).status).toBe(
      'aborted',
    );
    expect(
      (await uploadStatus(depsWith(storage), grantFor(other.id), theirs.uploadId)).status,
    ).toBe('uploading');
  });
});
