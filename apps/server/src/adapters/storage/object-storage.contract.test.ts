/**
 * The ObjectStorage contract, one table run against both implementations: the local disk (with
 * our own file route and part endpoint listening for real) and S3 (s3rver, test/s3-server.ts).
 * Parts travel as a browser sends them: real `fetch` PUTs to `partUrl`, answered with an ETag.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startS3Server,
  S3_ACCESS_KEY_ID,
  S3_REGION,
  S3_SECRET_ACCESS_KEY,
} from '../../../test/s3-server';
import { systemClock } from '../../lib/clock';
import { recordingLinks } from '../../lib/recording-links';
import { registerErrorHandling } from '../../plugins/error-handler';
import { registerLocalUploads } from '../../plugins/local-uploads';
import { registerMedia } from '../../plugins/media';
import { LocalDiskStorage } from './local-disk-storage';
import { MEDIA_PATH } from './media-keys';
import {
  MULTIPART_MIN_PART_BYTES,
  MultipartUploadError,
  type ObjectStorage,
} from './object-storage';
import { S3Storage } from './s3-storage';

interface Subject {
  storage: ObjectStorage;
  /** Makes a URL the storage handed out absolute (local ones are root-relative). */
  absolute(url: string): string;
  stop(): Promise<void>;
}

const SECRET = 'a contract-test secret of enough length';

async function localSubject(): Promise<Subject> {
  const root = path.join(os.tmpdir(), `ninety-storage-contract-${randomUUID()}`);
  const storage = new LocalDiskStorage(root, MEDIA_PATH, { secret: SECRET, clock: systemClock });
  const app = Fastify();
  registerErrorHandling(app);
  await registerMedia(app, storage, recordingLinks(SECRET, systemClock));
  await registerLocalUploads(app, storage);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    storage,
    absolute: (url) => new URL(url, base).toString(),
    async stop() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Subject(): Promise<Subject> {
  const server = await startS3Server();
  const storage = new S3Storage({
    endpoint: server.endpoint,
    region: S3_REGION,
    bucket: server.bucket,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
    publicBaseUrl: `${server.endpoint}/${server.bucket}`,
  });
  return {
    storage,
    absolute: (url) => url,
    async stop() {
      storage.close();
      await server.stop();
    },
  };
}

const bytes = (size: number) => new Uint8Array(randomBytes(size));
/** Compared by hash: a failed deep comparison of megabytes would take minutes to print. */
const digest = (data: Uint8Array | ArrayBuffer | null) =>
  data === null ? null : createHash('sha256').update(new Uint8Array(data)).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

describe.each([
  { name: 'local disk', start: localSubject },
  { name: 'S3 (s3rver)', start: s3Subject },
])('ObjectStorage on $name', ({ start }) => {
  let subject: Subject;
  let storage: ObjectStorage;
  beforeAll(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject.stop();
  });

  /** PUTs one part as a browser would and returns the ETag the store answered with. */
  async function sendPart(key: string, uploadId: string, partNumber: number, data: Uint8Array) {
    const url = await storage.multipart.partUrl(key, uploadId, partNumber, 300);
    const response = await fetch(subject.absolute(url), { method: 'PUT', body: data });
    expect(response.status, await response.clone().text()).toBe(200);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    return etag!;
  }

  it('puts, gets, tells whether an object exists and removes it', async () => {
    const key = `bank/contract/${randomUUID()}.mp3`;
    const data = bytes(1000);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, data, 'audio/mpeg');
    expect(await storage.exists(key)).toBe(true);
    expect(digest((await storage.get(key))!)).toBe(digest(data));
    const other = bytes(10);
    await storage.put(key, other, 'audio/mpeg');
    expect(digest((await storage.get(key))!)).toBe(digest(other));
    // The first bytes only; more than there are is the whole object.
    expect(Buffer.from((await storage.get(key, 4))!)).toEqual(Buffer.from(other.subarray(0, 4)));
    expect((await storage.get(key, 1000))!.length).toBe(10);
    expect(await storage.get(`${key}.none`, 4)).toBeNull();
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.remove(key); // not there: not an error
  });

  it('writes with putIfChanged only what differs', async () => {
    const key = `bank/contract/${randomUUID()}.svg`;
    expect(await storage.putIfChanged(key, text('<svg/>'), 'image/svg+xml')).toBe(true);
    expect(await storage.putIfChanged(key, text('<svg/>'), 'image/svg+xml')).toBe(false);
    expect(await storage.putIfChanged(key, text('<svg />'), 'image/svg+xml')).toBe(true);
  });

  it('removes a prefix and nothing beside it', async () => {
    const id = randomUUID();
    const inside = [`uploads/${id}/a.png`, `uploads/${id}/deeper/b.png`];
    const beside = `uploads/${id}x/c.png`;
    for (const key of [...inside, beside]) await storage.put(key, text(key), 'image/png');
    expect(await storage.removePrefix(`uploads/${id}/`)).toBe(2);
    for (const key of inside) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(beside)).toBe(true);
    expect(await storage.removePrefix(`uploads/${id}/`)).toBe(0);
  });

  it('serves a public object at its public URL', async () => {
    const key = `bank/contract/${randomUUID()}.png`;
    const data = bytes(300);
    await storage.put(key, data, 'image/png');
    const response = await fetch(subject.absolute(storage.publicUrl(key)));
    expect(response.status).toBe(200);
    expect(digest(await response.arrayBuffer())).toBe(digest(data));
  });

  it('serves a private object at its short-lived private URL', async () => {
    const key = `recordings/${randomUUID()}.wav`;
    const data = bytes(2000);
    await storage.put(key, data, 'audio/wav');
    const response = await fetch(subject.absolute(await storage.privateUrl(key, 60)));
    expect(response.status).toBe(200);
    expect(digest(await response.arrayBuffer())).toBe(digest(data));
  });

  it('joins parts sent out of order, with a part re-sent, into the object', async () => {
    const key = `uploads/contract/${randomUUID()}.bin`;
    const parts = [bytes(MULTIPART_MIN_PART_BYTES), bytes(MULTIPART_MIN_PART_BYTES), bytes(1234)];
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    const third = await sendPart(key, uploadId, 3, parts[2]!);
    // Part 1 goes first with the wrong bytes (a slice that failed half-way), then again.
    const wrongFirst = await sendPart(key, uploadId, 1, bytes(MULTIPART_MIN_PART_BYTES));
    const second = await sendPart(key, uploadId, 2, parts[1]!);
    const first = await sendPart(key, uploadId, 1, parts[0]!);
    expect(first).not.toBe(wrongFirst);

    const listed = await storage.multipart.listParts(key, uploadId);
    expect(listed).toEqual([
      { partNumber: 1, etag: first, size: MULTIPART_MIN_PART_BYTES },
      { partNumber: 2, etag: second, size: MULTIPART_MIN_PART_BYTES },
      { partNumber: 3, etag: third, size: 1234 },
    ]);
    expect(await storage.exists(key)).toBe(false);

    // The list may come in any order.
    await storage.multipart.complete(key, uploadId, [
      { partNumber: 3, etag: third },
      { partNumber: 1, etag: first },
      { partNumber: 2, etag: second },
    ]);
    expect(digest((await storage.get(key))!)).toBe(digest(Buffer.concat(parts)));
    await expect(storage.multipart.listParts(key, uploadId)).rejects.toMatchObject({
      failure: 'NoSuchUpload',
    });
  });

  it('refuses a wrong ETag, a missing part or a small middle part, and the upload survives', async () => {
    const key = `uploads/contract/${randomUUID()}.bin`;
    const parts = [bytes(MULTIPART_MIN_PART_BYTES), bytes(100)];
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    const first = await sendPart(key, uploadId, 1, parts[0]!);
    const second = await sendPart(key, uploadId, 2, parts[1]!);

    const refusals: [{ partNumber: number; etag: string }[], string][] = [
      [
        [
          { partNumber: 1, etag: `"${'0'.repeat(32)}"` },
          { partNumber: 2, etag: second },
        ],
        'InvalidPart',
      ],
      [
        [
          { partNumber: 1, etag: first },
          { partNumber: 2, etag: second },
          { partNumber: 3, etag: second },
        ],
        'InvalidPart',
      ],
      [
        [
          { partNumber: 2, etag: second },
          { partNumber: 2, etag: second },
        ],
        'InvalidPartOrder',
      ],
      [[], 'InvalidPart'],
    ];
    for (const [list, failure] of refusals) {
      const refused = await storage.multipart.complete(key, uploadId, list).catch((e) => e);
      expect(refused, failure).toBeInstanceOf(MultipartUploadError);
      expect(refused).toMatchObject({ failure, code: 40001 });
      expect(await storage.exists(key)).toBe(false);
    }

    // Two small parts: the first is below S3's minimum.
    const small = `uploads/contract/${randomUUID()}.bin`;
    const tiny = await storage.multipart.create(small, 'application/octet-stream');
    const a = await sendPart(small, tiny.uploadId, 1, bytes(10));
    const b = await sendPart(small, tiny.uploadId, 2, bytes(10));
    await expect(
      storage.multipart.complete(small, tiny.uploadId, [
        { partNumber: 1, etag: a },
        { partNumber: 2, etag: b },
      ]),
    ).rejects.toMatchObject({ failure: 'EntityTooSmall' });
    await storage.multipart.abort(small, tiny.uploadId);

    // Nothing was lost: the right list still completes.
    await storage.multipart.complete(key, uploadId, [
      { partNumber: 1, etag: first },
      { partNumber: 2, etag: second },
    ]);
    expect(digest((await storage.get(key))!)).toBe(digest(Buffer.concat(parts)));
  });

  it('lists the parts stored so far, to resume after a reload', async () => {
    const key = `uploads/contract/${randomUUID()}.bin`;
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    expect(await storage.multipart.listParts(key, uploadId)).toEqual([]);
    const third = await sendPart(key, uploadId, 3, bytes(50));
    const first = await sendPart(key, uploadId, 1, bytes(MULTIPART_MIN_PART_BYTES));
    expect(await storage.multipart.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: first, size: MULTIPART_MIN_PART_BYTES },
      { partNumber: 3, etag: third, size: 50 },
    ]);
    await storage.multipart.abort(key, uploadId);
  });

  it('aborts an upload: its parts go, and later parts are refused', async () => {
    const key = `uploads/contract/${randomUUID()}.bin`;
    const { uploadId } = await storage.multipart.create(key, 'application/octet-stream');
    const first = await sendPart(key, uploadId, 1, bytes(100));
    await storage.multipart.abort(key, uploadId);
    await expect(storage.multipart.listParts(key, uploadId)).rejects.toMatchObject({
      failure: 'NoSuchUpload',
    });
    await expect(
      storage.multipart.complete(key, uploadId, [{ partNumber: 1, etag: first }]),
    ).rejects.toMatchObject({ failure: 'NoSuchUpload' });
    const late = await fetch(
      subject.absolute(await storage.multipart.partUrl(key, uploadId, 2, 300)),
      { method: 'PUT', body: bytes(10) },
    );
    expect(late.ok).toBe(false);
    await storage.multipart.abort(key, uploadId); // gone already: not an error
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a key that is not a plain relative path', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a/./b']) {
      await expect(storage.put(key, text('x'), 'text/plain'), key).rejects.toThrow(
        /invalid object key/,
      );
    }
  });
});
