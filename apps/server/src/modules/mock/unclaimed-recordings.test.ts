import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  ITEM_TYPE_CODES,
  UPLOAD_TOKEN_HEADER,
  type AttemptResult,
  type Item,
} from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { encodeWav } from '../../adapters/speech/wav';
import { createStorage } from '../../adapters/storage/create-storage';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database } from '../../db/client';
import { uploadSessions } from '../../db/schema';
import type { RecordingScorer } from '../attempts/recording-scorer';
import { abortAbandonedUploads } from '../uploads/uploads.service';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { removeUnclaimedRecordingUploads, UNCLAIMED_RECORDING_SECONDS } from './mock.service';

/**
 * The periodic clean-up of mock-recording uploads (issue 14): a recording uploaded and never
 * claimed by a submit is removed, object and row, once no paper can claim it; a claimed one's
 * row goes too (its object went with the claim); aborted ones' rows go; younger ones, other
 * purposes and a store that fails are left. On the local disk and on a real S3 protocol server,
 * with the database of the project that runs it (PGlite or PostgreSQL).
 */

const scored: AttemptResult = { kind: 'blanks', score: 1, max: 1, blanks: [] };
const standIn: RecordingScorer = {
  async score(_item: Item, wav: Uint8Array) {
    return { result: scored, durationSeconds: (wav.length - 44) / 32_000 };
  },
};

const take = (firstByte: number) => {
  const wav = encodeWav(new Float32Array(16_000));
  wav[44] = firstByte;
  return wav;
};

/** PNG signature then filler: a file the server takes for a PNG. */
function pngBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

describe.each(['local', 's3'] as const)('unclaimed mock recordings on %s storage', (kind) => {
  const clock = testClock();
  let s3: S3TestServer | undefined;
  let app: App;
  let database: Database;
  let storage: ObjectStorage;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Server() : undefined;
    const config = testConfig({
      ...(s3?.env ?? {
        STORAGE_DIR: path.join(testConfig().STORAGE_DIR, `unclaimed-${randomUUID()}`),
      }),
      MOCK_TEST_BLUEPRINTS: 'true',
    });
    database = await openTestDatabase();
    app = await buildApp(config, { database, clock, recordings: standIn });
    storage = await createStorage(config, clock);
    await seedItems(
      database.db,
      ITEM_TYPE_CODES.map((type) => bankItem(type, 1)),
    );
  });
  afterAll(async () => {
    storage?.close?.();
    await app?.close();
    await s3?.stop();
  });

  /** The browser's uploader in short: grant, session, its one part; `complete` finishes it. */
  async function upload(
    token: string,
    bytes: Uint8Array,
    file: { purpose: string; contentType: string; fileName: string },
  ) {
    const granted = await app.inject({ url: '/api/auth/local/uploadToken', headers: { token } });
    expect(granted.statusCode, granted.body).toBe(200);
    const headers = { token, [UPLOAD_TOKEN_HEADER]: granted.json().data.credentials.sessionToken };
    const created = await app.inject({
      method: 'POST',
      url: '/api/uploads/create',
      headers,
      payload: { ...file, size: bytes.length, lastModified: clock.now().getTime() + bytes[44]! },
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json().data as { uploadId: string; key: string };
    const urls = await app.inject({
      method: 'POST',
      url: '/api/uploads/partUrls',
      headers,
      payload: { uploadId: session.uploadId, partNumbers: [1] },
    });
    expect(urls.statusCode, urls.body).toBe(200);
    const url = urls.json().data.parts[0].url as string;
    // S3: a presigned URL of the store; local disk: our own part endpoint.
    const status = url.startsWith('http')
      ? (await fetch(url, { method: 'PUT', body: bytes })).status
      : (
          await app.inject({
            method: 'PUT',
            url,
            headers: { 'content-type': 'application/octet-stream' },
            payload: Buffer.from(bytes),
          })
        ).statusCode;
    expect(status).toBe(200);
    return {
      ...session,
      async complete() {
        const done = await app.inject({
          method: 'POST',
          url: '/api/uploads/complete',
          headers,
          payload: { uploadId: session.uploadId },
        });
        expect(done.statusCode, done.body).toBe(200);
      },
    };
  }

  const recording = (token: string, firstByte: number) =>
    upload(token, take(firstByte), {
      purpose: 'mock-recording',
      contentType: 'audio/wav',
      fileName: `take-${firstByte}.wav`,
    });

  const rowOf = async (uploadId: string) =>
    (
      await database.db
        .select({ status: uploadSessions.status })
        .from(uploadSessions)
        .where(eq(uploadSessions.id, uploadId))
    )[0]?.status ?? null;

  /** The store with `remove` failing as a store out of reach would. */
  const failing = () =>
    Object.assign(Object.create(storage) as ObjectStorage, {
      remove: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')),
    });

  it('removes them once no paper can claim them, object and row, and only them', async () => {
    const { token } = await createLearner(database.db, { isMember: true, now: clock.now() });
    const started = await app.inject({
      method: 'POST',
      url: '/api/mock/papers',
      headers: { token },
      payload: { blueprintId: 'test-all-types' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const paperId = started.json().data.id as string;
    const next = await app.inject({
      method: 'POST',
      url: `/api/mock/papers/${paperId}/items/0/answer`,
      headers: { token },
      payload: { answer: null },
    });
    expect(next.statusCode, next.body).toBe(200);

    // Claimed by the item's submit: its object goes with the claim, its row stays.
    const claimed = await recording(token, 1);
    await claimed.complete();
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/mock/papers/${paperId}/items/1/recording-upload`,
      headers: { token },
      payload: { key: claimed.key },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await storage.exists(claimed.key)).toBe(false);
    // Uploaded, and the submit never came (the tab was closed in between).
    const unclaimed = await recording(token, 2);
    await unclaimed.complete();
    // Started and never finished.
    const partial = await recording(token, 3);
    // Another purpose: the avatar stays whatever its age.
    const avatar = await upload(token, pngBytes(2000), {
      purpose: 'avatar',
      contentType: 'image/png',
      fileName: 'me.png',
    });
    await avatar.complete();

    const context = () => ({ db: database.db, clock, storage });
    // Young: the paper could still be resumed and the recording sent.
    expect(await removeUnclaimedRecordingUploads(context())).toEqual({ removed: 0, failed: 0 });
    expect(await storage.exists(unclaimed.key)).toBe(true);

    // A day later the partial upload is abandoned: its parts go, its row is marked.
    clock.advance(25 * 3600);
    expect((await abortAbandonedUploads(context())).aborted).toBeGreaterThanOrEqual(1);
    expect(await rowOf(partial.uploadId)).toBe('aborted');

    // Past the paper's 72 h and the day's margin.
    clock.advance(UNCLAIMED_RECORDING_SECONDS - 25 * 3600 + 60);
    // A store that fails removes nothing and leaves every row for the next run.
    expect(await removeUnclaimedRecordingUploads({ ...context(), storage: failing() })).toEqual({
      removed: 0,
      failed: 2,
    });
    expect(await rowOf(unclaimed.uploadId)).toBe('completed');
    expect(await storage.exists(unclaimed.key)).toBe(true);

    expect(await removeUnclaimedRecordingUploads(context())).toEqual({ removed: 2, failed: 0 });
    expect(await storage.exists(unclaimed.key)).toBe(false);
    expect(await rowOf(unclaimed.uploadId)).toBeNull();
    expect(await rowOf(claimed.uploadId)).toBeNull();
    // Aborted a day after the others: its row waits its own age.
    expect(await rowOf(partial.uploadId)).toBe('aborted');

    clock.advance(25 * 3600);
    expect(await removeUnclaimedRecordingUploads(context())).toEqual({ removed: 1, failed: 0 });
    expect(await rowOf(partial.uploadId)).toBeNull();
    // Idempotent: nothing left to do.
    expect(await removeUnclaimedRecordingUploads(context())).toEqual({ removed: 0, failed: 0 });
    expect(await rowOf(avatar.uploadId)).toBe('completed');
    expect(await storage.exists(avatar.key)).toBe(true);
  });
});
