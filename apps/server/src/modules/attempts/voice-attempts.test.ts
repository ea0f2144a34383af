import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, type AttemptResult, type Item } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { encodeWav } from '../../adapters/speech/wav';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { attempts } from '../../db/schema';
import type { RecordingScorer } from './recording-scorer';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The rules of a spoken attempt through the API: what is accepted, the recording kept and linked,
 * the quota, double uploads, and nothing left behind when an attempt is refused. The recording
 * scorer here is a stand-in that checks only the RIFF tag: the speech engine and the speaking
 * scorers have their own tests, and the end-to-end journey uses the real ones.
 */

const ENERGY = 2;
const storageDir = path.join(testConfig().STORAGE_DIR, `voice-${process.pid}-${Date.now()}`);
const scored: string[] = [];
const result: AttemptResult = {
  kind: 'blanks',
  score: 1,
  max: 1,
  blanks: [],
};

const unheard: AttemptResult = {
  kind: 'speech',
  score: 0,
  max: 20,
  total_score: 0,
  estimate: 10,
  syllables: [],
  pauses: [],
  wpm: 0,
  traits: [],
  gatedBy: null,
  unscored: { reason: 'no-speech', messageZh: '没有听清：录音里没有听到说话声' },
};

let app: App;
let database: Database;

/** The stand-in scorer: reads the RIFF tag and the first sample byte (see `held`, `unheard`). */
const standIn: RecordingScorer = {
  async score(item: Item, wav: Uint8Array) {
    if (Buffer.from(wav.subarray(0, 4)).toString('latin1') !== 'RIFF') {
      throw new AppError(ErrorCode.InvalidInput, '请求体无效：不是 WAV 录音');
    }
    if (wav[44] === 2) {
      await new Promise<void>((release) => {
        held.push({ release });
        for (const waiter of heldWaiters.splice(0)) waiter();
      });
    }
    scored.push(item.id);
    const durationSeconds = (wav.length - 44) / 32_000;
    // A first sample byte of 1 stands for a recording the engine could not hear.
    if (wav[44] === 1) return { result: unheard, durationSeconds };
    return { result, durationSeconds };
  },
};

/** Recordings whose first sample byte is 2 wait here until the test lets them go. */
const held: { release: () => void }[] = [];
const heldWaiters: (() => void)[] = [];

/**
 * Resolves once `count` recordings are held by the stand-in scorer: a state, not a time (on a
 * busy machine the uploads may take seconds to reach it; the test's own limit is the safety net).
 */
async function whenHeld(count: number): Promise<void> {
  while (held.length < count) await new Promise<void>((woken) => heldWaiters.push(woken));
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Four recordings are scored at once in this process (two per engine thread): the in-flight
  // test holds two and another learner's still goes through.
  const env = { NON_MEMBER_ENERGY: String(ENERGY), STORAGE_DIR: storageDir, SPEECH_WORKERS: '2' };
  app = await buildApp(testConfig(env), {
    database,
    clock: testClock(),
    recordings: standIn,
  });
  await seedItems(database.db, [bankItem('RA', 1), bankItem('PI', 1), bankItem('WFD', 1)]);
});
afterAll(async () => {
  await app.close();
});

/** A real 16 kHz mono PCM16 WAV of silence (the stand-in scorer reads its first sample byte). */
const wav = (seconds: number) => encodeWav(new Float32Array(seconds * 16_000));

function upload(
  token: string | undefined,
  query: Record<string, string>,
  body: Buffer,
  type = 'audio/wav',
) {
  const search = new URLSearchParams({
    timeSpentSeconds: '40',
    idempotencyKey: randomUUID(),
    ...query,
  });
  return app.inject({
    method: 'POST',
    url: `/api/posts/examedVoice?${search}`,
    headers: { ...(token ? { token } : {}), 'content-type': type },
    payload: body,
  });
}

async function learner() {
  const { token, userId } = await createLearner(database.db, {
    energy: ENERGY,
    now: testClock().now(),
  });
  return { token, userId };
}

/** The stored recordings, as paths under `recordings/` (`<user id>/<id>.wav`). */
const recordings = () =>
  existsSync(path.join(storageDir, 'recordings'))
    ? readdirSync(path.join(storageDir, 'recordings'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.wav'))
        .map((file) => file.split(path.sep).join('/'))
    : [];

/** A recording link's path under `recordings/`. */
const storedPath = (url: string) =>
  new URL(url, 'http://localhost').pathname.replace(/^\/files\/recordings\//, '');

describe('POST /api/posts/examedVoice', () => {
  it('scores the recording, keeps it in storage and links it from the attempt', async () => {
    const { token } = await learner();
    const response = await upload(token, { itemId: 'ra-0001' }, wav(2));
    expect(response.statusCode, response.body).toBe(200);
    const { attempt, energy, answer } = response.json().data;
    expect(attempt).toMatchObject({
      itemId: 'ra-0001',
      type: 'RA',
      score: 1,
      timeSpentSeconds: 40,
    });
    expect(attempt.answer.recording).toMatchObject({ durationSeconds: 2 });
    // The learner is handed a signed link that expires; the attempt keeps the plain path.
    const link = new URL(attempt.answer.recording.url, 'http://localhost');
    expect(link.pathname).toMatch(/^\/files\/recordings\/\d+\/[0-9a-f-]{36}\.wav$/);
    expect(link.searchParams.get('expires')).toMatch(/^\d+$/);
    expect(link.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    const [row] = await database.db
      .select()
      .from(attempts)
      .where(eq(attempts.id, Number(attempt.id)));
    expect((row?.answer as { recording: { url: string } }).recording.url).toBe(link.pathname);
    expect(answer.id).toBe('ra-0001');
    expect(energy).toBe(ENERGY - 1);
    expect(recordings()).toContain(storedPath(link.pathname));
    const served = await app.inject({ method: 'GET', url: attempt.answer.recording.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('audio/wav');
    expect(served.headers['cache-control']).toBe('private, no-store');
    // The history hands out a link too.
    const history = await app.inject({
      method: 'GET',
      url: '/api/posts/attempts?itemId=ra-0001',
      headers: { token },
    });
    expect(history.json().data.list[0].answer.recording.url).toBe(attempt.answer.recording.url);
  });

  it('a recording is not served without its signed link, however its path is spelled', async () => {
    const { token } = await learner();
    const response = await upload(token, { itemId: 'ra-0001' }, wav(1));
    const link = new URL(response.json().data.attempt.answer.recording.url, 'http://localhost');
    const file = storedPath(link.pathname);
    const expires = link.searchParams.get('expires') ?? '';
    const signature = link.searchParams.get('signature') ?? '';
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const url of [
      link.pathname,
      `${link.pathname}?expires=${expires}`,
      `${link.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${link.pathname}?expires=${expires}&signature=${tampered}`,
      `/files/%72ecordings/${file}`,
      `/files/bank/../recordings/${file}`,
      `/files//recordings/${file}`,
    ]) {
      const served = await app.inject({ method: 'GET', url });
      // 404 from the signature check; 403 where @fastify/static refuses the spelling itself.
      expect([403, 404], url).toContain(served.statusCode);
      expect(served.headers['content-type'] ?? '', url).not.toContain('audio');
    }
    const signed = await app.inject({
      method: 'GET',
      url: `${link.pathname}?expires=${expires}&signature=${signature}`,
      headers: { range: 'bytes=0-43' },
    });
    expect(signed.statusCode).toBe(206);
  });

  it('a retried upload returns the first attempt: scored once, stored once, spent once', async () => {
    const { token, userId } = await learner();
    const idempotencyKey = randomUUID();
    const before = scored.length;
    const filesBefore = new Set(recordings());
    const [first, second] = await Promise.all([
      upload(token, { itemId: 'ra-0001', idempotencyKey }, wav(1)),
      upload(token, { itemId: 'ra-0001', idempotencyKey }, wav(1)),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().data.attempt.id).toBe(second.json().data.attempt.id);
    const rows = await database.db.select().from(attempts).where(eq(attempts.userId, userId));
    expect(rows).toHaveLength(1);
    // Both may have been scored if they raced past the first check; only one recording stays.
    expect(scored.length - before).toBeLessThanOrEqual(2);
    const linked = rows.map((row) =>
      storedPath((row.answer as { recording: { url: string } }).recording.url),
    );
    // A file no attempt links to would be a leak from the losing upload.
    expect(recordings().filter((file) => !filesBefore.has(file))).toEqual(linked);
  });

  it('a recording the engine could not hear is kept, but costs no use and counts no practice', async () => {
    const { token, userId } = await learner();
    const silent = wav(1);
    silent[44] = 1;
    const response = await upload(token, { itemId: 'ra-0001' }, silent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      energy: ENERGY,
      attempt: { result: { unscored: { reason: 'no-speech' } } },
    });
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, userId)),
    ).toHaveLength(1);
  });

  it('with no uses left: 40301 before scoring, nothing stored', async () => {
    const { token, userId } = await learner();
    for (let index = 0; index < ENERGY; index += 1) {
      expect((await upload(token, { itemId: 'ra-0001' }, wav(1))).statusCode).toBe(200);
    }
    const files = recordings().length;
    const before = scored.length;
    const refused = await upload(token, { itemId: 'ra-0001' }, wav(1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.QuotaUsedUp);
    expect(scored.length).toBe(before);
    expect(recordings().length).toBe(files);
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, userId)),
    ).toHaveLength(ENERGY);
  });

  it.each([
    [
      'an unknown item',
      { itemId: 'ra-9999' },
      wav(1),
      'audio/wav',
      404,
      ErrorCode.NotFound,
      '题目不存在',
    ],
    [
      'a written item',
      { itemId: 'wfd-0001' },
      wav(1),
      'audio/wav',
      400,
      ErrorCode.InvalidInput,
      '文字作答',
    ],
    [
      'the unscored introduction',
      { itemId: 'pi-0001' },
      wav(1),
      'audio/wav',
      400,
      ErrorCode.InvalidInput,
      '不计分',
    ],
    [
      'an empty body',
      { itemId: 'ra-0001' },
      Buffer.alloc(0),
      'audio/wav',
      400,
      ErrorCode.InvalidInput,
      'WAV',
    ],
    [
      'a body that is not a WAV',
      { itemId: 'ra-0001' },
      Buffer.from('hello'),
      'audio/wav',
      400,
      ErrorCode.InvalidInput,
      'WAV',
    ],
    [
      'no idempotency key',
      { itemId: 'ra-0001', idempotencyKey: '' },
      wav(1),
      'audio/wav',
      400,
      ErrorCode.InvalidInput,
      'idempotencyKey',
    ],
  ] as const)('%s → %i, nothing stored', async (_case, query, body, type, status, code, msg) => {
    const { token, userId } = await learner();
    const files = recordings().length;
    const response = await upload(token, query, body, type);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect(response.json().msg).toContain(msg);
    expect(recordings().length).toBe(files);
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, userId)),
    ).toHaveLength(0);
  });

  it('a recording over the size limit → 413 in the envelope', async () => {
    const { token } = await learner();
    const response = await upload(token, { itemId: 'ra-0001' }, wav(151));
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBeTruthy();
  });

  it('two recordings of one learner are scored at once; a third waits its turn (42901)', async () => {
    const { token, userId } = await learner();
    const other = await learner();
    const slow = () => {
      const body = wav(1);
      body[44] = 2;
      return body;
    };
    const first = upload(token, { itemId: 'ra-0001' }, slow());
    const second = upload(token, { itemId: 'ra-0001' }, slow());
    await whenHeld(2);
    expect(held).toHaveLength(2);
    const third = await upload(token, { itemId: 'ra-0001' }, wav(1));
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json()).toMatchObject({ code: ErrorCode.TooManyRequests });
    expect(third.json().msg).toContain('还在评分');
    // Another learner is not held up by this one.
    expect((await upload(other.token, { itemId: 'ra-0001' }, wav(1))).statusCode).toBe(200);
    for (const { release } of held.splice(0)) release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(
      await database.db.select().from(attempts).where(eq(attempts.userId, userId)),
    ).toHaveLength(2);
    // The places are given back: the next upload is refused for the quota, not as in flight.
    expect((await upload(token, { itemId: 'ra-0001' }, wav(1))).statusCode).toBe(403);
  });

  it('a recording not scored within the wait: 202 scoring, then scoringResult has the attempt', async () => {
    // A server that answers at once: the scoring goes on in the queue.
    const patient = await openTestDatabase();
    const impatient = await buildApp(
      testConfig({ STORAGE_DIR: storageDir, SCORING_WAIT_MS: '0', SPEECH_WORKERS: '1' }),
      { database: patient, clock: testClock(), recordings: standIn },
    );
    try {
      await seedItems(patient.db, [bankItem('RA', 1)]);
      const { token } = await createLearner(patient.db, { now: testClock().now() });
      const body = wav(1);
      body[44] = 2;
      const query = { itemId: 'ra-0001', idempotencyKey: randomUUID() };
      const sent = await impatient.inject({
        method: 'POST',
        url: `/api/posts/examedVoice?${new URLSearchParams({ ...query, timeSpentSeconds: '40' })}`,
        headers: { token, 'content-type': 'audio/wav' },
        payload: body,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json().data).toEqual({ status: 'scoring', retryAfterSeconds: 2 });
      const ask = () =>
        impatient.inject({
          method: 'GET',
          url: `/api/posts/scoringResult?${new URLSearchParams(query)}`,
          headers: { token },
        });
      await whenHeld(1);
      expect(held).toHaveLength(1);
      expect((await ask()).statusCode).toBe(202);
      for (const { release } of held.splice(0)) release();
      // Asked again, as the page does, until the queue has scored it (no limit but the test's).
      let answered = await ask();
      while (answered.statusCode === 202) answered = await ask();
      expect(answered.statusCode, answered.body).toBe(200);
      expect((await ask()).json().data.attempt).toMatchObject({ itemId: 'ra-0001', score: 1 });
      // Someone else's key finds nothing of this learner's.
      const stranger = await createLearner(patient.db, { now: testClock().now() });
      const theirs = await impatient.inject({
        method: 'GET',
        url: `/api/posts/scoringResult?${new URLSearchParams(query)}`,
        headers: { token: stranger.token },
      });
      expect(theirs.statusCode).toBe(404);
    } finally {
      await impatient.close();
    }
  });

  it('needs a signed-in learner', async () => {
    expect((await upload(undefined, { itemId: 'ra-0001' }, wav(1))).statusCode).toBe(401);
  });
});
