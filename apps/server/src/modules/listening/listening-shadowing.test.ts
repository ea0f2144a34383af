import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  ErrorCode,
  listeningPaths,
  type Item,
  type ListeningReviewDeck,
  type ListeningShadowingPending,
  type ListeningShadowingResult,
  type SpeechResult,
} from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { encodeWav } from '../../adapters/speech/wav';
import type { Database } from '../../db/client';
import type { RecordingScorer } from '../attempts/recording-scorer';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * Shadowing on the scoring queue (issue 20): a take is queued as a reference recording, as
 * practice recordings are, and scored by whichever process takes scoring jobs; the page waits,
 * or is told the take is pending and asks again. Reading a take's score twice settles it once.
 * The recording scorer is a stand-in that reads the first sample byte; the engine's own scoring
 * of a sentence is listening-shadowing.engine.test.ts.
 */

const LECTURE = 'lp-0001';
const SENTENCE = 'This difference is known as the urban heat island effect.';
const storageRoot = path.join(testConfig().STORAGE_DIR, `shadowing-${process.pid}-${Date.now()}`);
const clock = testClock(new Date('2026-11-22T02:00:00Z'));

/** What the stand-in was asked to score: the reference text of each take. */
const scored: string[] = [];
/** Takes whose first sample byte is 2 wait here until the test lets them go. */
const held: (() => void)[] = [];

const speech = (score: number, unscored?: SpeechResult['unscored']): SpeechResult => ({
  kind: 'speech',
  score,
  max: 90,
  total_score: 0,
  estimate: 10,
  syllables: [],
  pauses: [],
  wpm: 0,
  traits: [],
  gatedBy: null,
  ...(unscored ? { unscored } : {}),
});

/** First sample byte: 1 not heard, 2 held until released, 3 a weak take, else a good one. */
const standIn: RecordingScorer = {
  async score(item: Item, wav: Uint8Array) {
    if (wav[44] === 2) await new Promise<void>((release) => held.push(release));
    scored.push((item.key as { transcript: string }).transcript);
    const durationSeconds = (wav.length - 44) / 32_000;
    if (wav[44] === 1) {
      const unheard = { reason: 'no-speech', messageZh: '没有听清' } as const;
      return { result: speech(0, unheard), durationSeconds };
    }
    return { result: speech(wav[44] === 3 ? 30 : 80), durationSeconds };
  },
};

const take = (firstByte = 0, seconds = 2) => {
  const wav = Buffer.from(encodeWav(new Float32Array(seconds * 16_000)));
  wav[44] = firstByte;
  return wav;
};

let app: App;
let idle: App;
let database: Database;
let idleDatabase: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  idleDatabase = await openTestDatabase();
  // A short wait, so a take still being scored is answered 202 and asked for again.
  app = await buildApp(
    testConfig({ STORAGE_DIR: path.join(storageRoot, 'app'), SCORING_WAIT_MS: '300' }),
    { database, clock, recordings: standIn },
  );
  // An API server of a fleet: it queues recordings and scores none of them.
  idle = await buildApp(
    testConfig({
      STORAGE_DIR: path.join(storageRoot, 'idle'),
      SCORING_WAIT_MS: '300',
      WORKERS_IN_PROCESS: 'false',
    }),
    { database: idleDatabase, clock, recordings: standIn },
  );
}, 60_000);
afterAll(async () => {
  held.splice(0).forEach((release) => release());
  await app?.close();
  await idle?.close();
});

type Answer = ListeningShadowingResult | ListeningShadowingPending;

const learnerOf = (server: App) =>
  createLearner((server === idle ? idleDatabase : database).db, { now: clock.now() });

function shadow(
  server: App,
  token: string,
  body: Buffer,
  query: { idempotencyKey?: string; reviewCardId?: number } = {},
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return server.inject({
    method: 'POST',
    url: `${listeningPaths.shadowing(LECTURE, 1)}?${search}`,
    headers: { token, 'content-type': 'audio/wav' },
    payload: body,
  });
}

function askAgain(server: App, token: string, idempotencyKey: string, reviewCardId?: number) {
  const search = new URLSearchParams({
    idempotencyKey,
    ...(reviewCardId ? { reviewCardId: String(reviewCardId) } : {}),
  });
  return server.inject({
    method: 'GET',
    url: `${listeningPaths.shadowing(LECTURE, 1)}?${search}`,
    headers: { token },
  });
}

/** As the page does: a pending take is asked for again until it is scored. */
async function untilScored(
  token: string,
  first: { statusCode: number; json: () => { data: Answer } },
  reviewCardId?: number,
): Promise<ListeningShadowingResult> {
  let response = first;
  for (;;) {
    const answer = response.json().data;
    if (response.statusCode === 200) return answer as ListeningShadowingResult;
    expect(response.statusCode).toBe(202);
    expect(answer).toMatchObject({ status: 'scoring' });
    response = await askAgain(
      app,
      token,
      (answer as ListeningShadowingPending).idempotencyKey,
      reviewCardId,
    );
  }
}

const deckOf = async (token: string) =>
  (await app.inject({ method: 'GET', url: listeningPaths.reviewDeck, headers: { token } })).json()
    .data as ListeningReviewDeck;

const recordingsOf = (server: 'app' | 'idle', userId: number) => {
  const dir = path.join(storageRoot, server, 'recordings', String(userId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('shadowing on the scoring queue', () => {
  it('scores a take against its sentence, keeps it as the sentence’s, and settles it once', async () => {
    const { token, userId } = await learnerOf(app);
    const idempotencyKey = randomUUID();
    const weak = await untilScored(token, await shadow(app, token, take(3), { idempotencyKey }));
    expect(weak).toMatchObject({
      materialId: LECTURE,
      index: 1,
      score: 30,
      max: 90,
      passed: false,
    });
    expect(scored.at(-1)).toBe(SENTENCE);
    expect(weak.recordingUrl).toMatch(/listening-lp-0001-1\.wav\?expires=/);
    expect(weak.progress.sentences).toEqual([
      expect.objectContaining({ index: 1, shadowing: expect.objectContaining({ score: 30 }) }),
    ]);
    // Only the sentence's one take is left: the queued copy was moved to it.
    expect(recordingsOf('app', userId)).toEqual(['listening-lp-0001-1.wav']);
    const deck = await deckOf(token);
    expect(deck.list).toEqual([
      expect.objectContaining({ kind: 'sentence', mode: 'shadowing', reps: 0 }),
    ]);

    // The page asks again for the same take: the same answer, nothing entered or scored twice.
    const times = scored.length;
    const again = await askAgain(app, token, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ score: 30, passed: false });
    expect(scored).toHaveLength(times);
    expect((await deckOf(token)).total).toBe(1);

    // The card answered in review: graded once, however often its score is read.
    const cardId = deck.list[0]!.id;
    const reviewKey = randomUUID();
    const good = await untilScored(
      token,
      await shadow(app, token, take(0), { idempotencyKey: reviewKey, reviewCardId: cardId }),
      cardId,
    );
    expect(good).toMatchObject({ score: 80, passed: true, review: { rating: 'good' } });
    expect(good.review?.card.reps).toBe(1);
    const reread = (await askAgain(app, token, reviewKey, cardId)).json().data;
    expect(reread.review).toMatchObject({ rating: 'good', card: { reps: 1 } });
    expect((await deckOf(token)).list[0]).toMatchObject({ id: cardId, reps: 1 });
  });

  it('a take not heard is not a try: nothing saved or entered', async () => {
    const { token } = await learnerOf(app);
    const unheard = await untilScored(token, await shadow(app, token, take(1)));
    expect(unheard.result.unscored?.reason).toBe('no-speech');
    expect(unheard).toMatchObject({ passed: false, review: null });
    expect(unheard.progress.sentences).toEqual([]);
    expect((await deckOf(token)).total).toBe(0);
  });

  it('a take waiting for a worker is pending (202) with its key, and asked for until scored', async () => {
    const { token } = await learnerOf(app);
    const first = await shadow(app, token, take(2));
    expect(first.statusCode).toBe(202);
    const pending = first.json().data as ListeningShadowingPending;
    expect(pending).toMatchObject({ status: 'scoring', retryAfterSeconds: 2 });
    expect(pending.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await askAgain(app, token, pending.idempotencyKey)).statusCode).toBe(202);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    held.shift()?.();
    const result = await untilScored(token, first);
    expect(result).toMatchObject({ score: 80, passed: true });
  });

  it('refuses what cannot be scored and a take it does not know', async () => {
    const { token } = await learnerOf(app);
    const tooLong = await shadow(app, token, take(0, 21));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe(ErrorCode.InvalidInput);
    const unknown = await askAgain(app, token, randomUUID());
    expect(unknown.statusCode).toBe(404);
    const badKey = await app.inject({
      method: 'GET',
      url: `${listeningPaths.shadowing(LECTURE, 1)}?idempotencyKey=nope`,
      headers: { token },
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('an API server that does not score (WORKERS_IN_PROCESS=false) queues takes and scores none', async () => {
    const { token } = await learnerOf(idle);
    const times = scored.length;
    const first = await shadow(idle, token, take(0));
    expect(first.statusCode).toBe(202);
    const key = (first.json().data as ListeningShadowingPending).idempotencyKey;
    const again = await idle.inject({
      method: 'GET',
      url: `${listeningPaths.shadowing(LECTURE, 1)}?idempotencyKey=${key}`,
      headers: { token },
    });
    expect(again.statusCode).toBe(202);
    // A learner's recordings in flight are counted as practice's are: two at a time.
    expect((await shadow(idle, token, take(0))).statusCode).toBe(202);
    const third = await shadow(idle, token, take(0));
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe(ErrorCode.TooManyRequests);
    expect(scored).toHaveLength(times);
  });
});
