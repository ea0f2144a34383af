import { ErrorCode, listeningPaths } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { parseVtt } from './listening-cues';

/**
 * 精听 through the API (PGlite, and PostgreSQL in the server-pg project): the list and details
 * of the committed materials, progress, dictation with its word diff and word book, the review
 * deck scheduled by ts-fsrs on the test's clock, and each learner's own cards.
 */

const clock = testClock(new Date('2026-11-22T02:00:00Z'));
let app: App;
let tokenA: string;
let tokenB: string;

const LECTURE = 'lp-0001';
const FIRST =
  'Today I want to explain why a city is often several degrees warmer than the farmland around it.';

beforeAll(async () => {
  const database = await openTestDatabase();
  app = await buildApp(testConfig({ TIME_ZONE: 'Asia/Shanghai' }), { database, clock });
  ({ token: tokenA } = await createLearner(database.db, { now: clock.now() }));
  ({ token: tokenB } = await createLearner(database.db, { now: clock.now() }));
}, 60_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const dictate = (token: string, index: number, text: string, reviewCardId?: number) =>
  send('POST', listeningPaths.dictation(LECTURE, index), token, {
    text,
    ...(reviewCardId ? { reviewCardId } : {}),
  });

describe('materials', () => {
  it('lists passages first, each with its length, sentences and speakers; progress null signed out', async () => {
    const response = await get(`${listeningPaths.list}?perPage=100`);
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().data;
    expect(total).toBeGreaterThanOrEqual(31);
    expect(list[0]).toMatchObject({
      id: 'lp-0001',
      source: 'passage',
      itemId: null,
      progress: null,
    });
    expect(list[0].durationSeconds).toBeGreaterThanOrEqual(60);
    expect(
      list.some(
        (m: { source: string; speakerCount: number }) =>
          m.source === 'passage' && m.speakerCount > 1,
      ),
    ).toBe(true);
  });

  it('filters by source, topic, length, difficulty and keyword', async () => {
    const bySource = (await get(`${listeningPaths.list}?source=passage&perPage=100`)).json().data;
    expect(bySource.list.every((m: { source: string }) => m.source === 'passage')).toBe(true);
    const wfd = (await get(`${listeningPaths.list}?source=WFD&length=short`)).json().data;
    expect(wfd.total).toBeGreaterThan(0);
    expect(
      wfd.list.every(
        (m: { durationSeconds: number; sentenceCount: number }) =>
          m.durationSeconds < 15 && m.sentenceCount === 1,
      ),
    ).toBe(true);
    const long = (await get(`${listeningPaths.list}?length=long&perPage=100`)).json().data;
    expect(long.list.every((m: { durationSeconds: number }) => m.durationSeconds >= 60)).toBe(true);
    const topic = (await get(`${listeningPaths.list}?topic=space&difficulty=4&perPage=100`)).json()
      .data;
    expect(topic.list.map((m: { id: string }) => m.id)).toContain('lp-0013');
    expect(
      topic.list.every(
        (m: { topics: string[]; difficulty: number }) =>
          m.topics.includes('space') && m.difficulty === 4,
      ),
    ).toBe(true);
    const search = (
      await get(`${listeningPaths.list}?keyword=${encodeURIComponent('heat island')}`)
    ).json().data;
    expect(search.list.map((m: { id: string }) => m.id)).toContain(LECTURE);
    const none = (await get(`${listeningPaths.list}?keyword=zzqqxx`)).json().data;
    expect(none).toMatchObject({ list: [], total: 0 });
  });

  it('refuses the progress filter signed out, and bad filters', async () => {
    const signedOut = await get(`${listeningPaths.list}?progress=done`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().code).toBe(ErrorCode.TokenMissing);
    expect((await get(`${listeningPaths.list}?source=RA`)).statusCode).toBe(400);
    expect((await get(`${listeningPaths.list}?difficulty=9`)).statusCode).toBe(400);
  });

  it('details: audio, cues from the alignment in order, translations; the same cues as WebVTT', async () => {
    const detail = (await get(listeningPaths.detail(LECTURE))).json().data;
    expect(detail).toMatchObject({
      id: LECTURE,
      vttUrl: listeningPaths.cues(LECTURE),
      progress: null,
    });
    expect(detail.audioUrl).toMatch(/listening\/audio\/lp-0001\.mp3$/);
    expect(detail.sentences[0]).toMatchObject({ index: 0, text: FIRST, speaker: null });
    expect(detail.sentences[0].translationZh).toContain('城市');
    let previousEnd = 0;
    for (const sentence of detail.sentences) {
      expect(sentence.start).toBeGreaterThanOrEqual(previousEnd);
      expect(sentence.end).toBeGreaterThan(sentence.start);
      previousEnd = sentence.end;
    }
    expect(previousEnd).toBeLessThanOrEqual(detail.durationSeconds + 0.05);

    const vtt = await get(listeningPaths.cues(LECTURE));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(parseVtt(vtt.body).map((cue) => [cue.start, cue.end])).toEqual(
      detail.sentences.map((s: { start: number; end: number }) => [s.start, s.end]),
    );
  });

  it('answers 40401 for an unknown material and 40001 for a malformed id', async () => {
    const missing = await get(listeningPaths.detail('lp-9999'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(ErrorCode.NotFound);
    expect((await get(listeningPaths.cues('lp-9999'))).statusCode).toBe(404);
    expect((await get('/api/listening/materials/..%2Fsecret')).statusCode).toBe(400);
  });
});

describe('progress', () => {
  it('is saved on the server and read back on the details (another device continues)', async () => {
    const saved = await send('PUT', listeningPaths.progress(LECTURE), tokenA, {
      position: 3,
      mode: 'shadowing',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      materialId: LECTURE,
      position: 3,
      mode: 'shadowing',
      status: 'not_started',
      sentences: [],
    });
    const detail = (await get(listeningPaths.detail(LECTURE), tokenA)).json().data;
    expect(detail.progress).toMatchObject({ position: 3, mode: 'shadowing' });
    expect((await get(listeningPaths.detail(LECTURE), tokenB)).json().data.progress).toMatchObject({
      position: 0,
      status: 'not_started',
    });
  });

  it('needs sign-in and a sentence of the material', async () => {
    expect(
      (
        await send('PUT', listeningPaths.progress(LECTURE), undefined, {
          position: 0,
          mode: 'dictation',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await send('PUT', listeningPaths.progress(LECTURE), tokenA, {
          position: 500,
          mode: 'dictation',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('PUT', listeningPaths.progress(LECTURE), tokenA, {
          position: 0,
          mode: 'reading',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('PUT', listeningPaths.progress('lp-9999'), tokenA, {
          position: 0,
          mode: 'dictation',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('dictation, word book and the review deck (ts-fsrs, on the test clock)', () => {
  it('diffs a sentence with mistakes, puts the missed words in the word book and the deck', async () => {
    const response = await dictate(
      tokenA,
      0,
      'Today I want to explane why the city is often several degrees warmer than the land around it',
    );
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({
      materialId: LECTURE,
      index: 0,
      passed: false,
      transcript: FIRST,
      review: null,
    });
    expect(result.max).toBe(18);
    expect(result.score).toBe(15);
    const kinds = result.diff.filter((t: { kind: string }) => t.kind !== 'correct');
    expect(kinds).toEqual([
      { kind: 'misspelt', expected: 'explain', written: 'explane' },
      { kind: 'wrong', expected: 'a', written: 'the' },
      { kind: 'wrong', expected: 'farmland', written: 'land' },
    ]);
    expect(result.addedToWordBook).toEqual(['explain', 'farmland']);
    expect(result.progress).toMatchObject({
      position: 0,
      mode: 'dictation',
      status: 'in_progress',
      doneSentences: 1,
    });
    expect(result.progress.sentences).toEqual([
      {
        index: 0,
        dictation: { score: 15, max: 18, at: clock.now().toISOString() },
        shadowing: null,
      },
    ]);

    const book = (await get('/api/words/list', tokenA))
      .json()
      .data.list.map((w: { word: string }) => w.word);
    expect(book).toEqual(expect.arrayContaining(['explain', 'farmland']));

    const queue = (await get(listeningPaths.reviewQueue, tokenA)).json().data;
    expect(queue.counts).toMatchObject({ dueNow: 3, dueToday: 3, total: 3 });
    expect(
      queue.cards
        .map((c: { kind: string; word: string | null; mode: string }) => [c.kind, c.word, c.mode])
        .sort(),
    ).toEqual([
      ['sentence', null, 'dictation'],
      ['word', 'explain', 'dictation'],
      ['word', 'farmland', 'dictation'],
    ]);
    expect(queue.cards[0]).toMatchObject({
      materialId: LECTURE,
      state: 'new',
      reps: 0,
      sentence: { index: 0, text: FIRST },
    });
    // Another learner sees none of it.
    expect((await get(listeningPaths.reviewQueue, tokenB)).json().data.counts.total).toBe(0);
  });

  it('a passed sentence adds nothing to the deck, and a repeated failure keeps one card', async () => {
    const passed = (
      await dictate(tokenA, 1, 'This difference is known as the urban heat island effect.')
    ).json().data;
    expect(passed).toMatchObject({ passed: true, score: 10, max: 10, addedToWordBook: [] });
    await dictate(tokenA, 0, 'Today I want');
    expect(
      (await get(listeningPaths.reviewCounts, tokenA)).json().data.total,
    ).toBeGreaterThanOrEqual(3);
    const deck = (await get(listeningPaths.reviewDeck, tokenA)).json().data;
    const sentenceCards = deck.list.filter(
      (c: { kind: string; sentence: { index: number } }) =>
        c.kind === 'sentence' && c.sentence.index === 0,
    );
    expect(sentenceCards).toHaveLength(1);
  });

  it('schedules a card from its answer: again comes back in minutes, good in days, next day in 今日复习', async () => {
    const queue = (await get(listeningPaths.reviewQueue, tokenA)).json().data;
    const card = queue.cards.find((c: { kind: string }) => c.kind === 'sentence');

    // Answered wrong as a review: Again, a short relearning step.
    const again = (await dictate(tokenA, 0, 'Today', card.id)).json().data.review;
    expect(again.rating).toBe('again');
    const againDue = new Date(again.nextDue).getTime() - clock.now().getTime();
    expect(againDue).toBeGreaterThan(0);
    expect(againDue).toBeLessThanOrEqual(10 * 60_000);
    expect(
      (await get(listeningPaths.reviewQueue, tokenA))
        .json()
        .data.cards.map((c: { id: number }) => c.id),
    ).not.toContain(card.id);

    // Later the same day it is due again; answered right, Good.
    clock.advance(15 * 60);
    expect(
      (await get(listeningPaths.reviewQueue, tokenA))
        .json()
        .data.cards.map((c: { id: number }) => c.id),
    ).toContain(card.id);
    const good = (await dictate(tokenA, 0, FIRST, card.id)).json().data.review;
    expect(good.rating).toBe('good');
    expect(good.card.reps).toBe(2);

    // After the learning steps, a Good puts it days away; the next (faked) day it is back.
    clock.advance(24 * 3600);
    const nextDay = (await get(listeningPaths.reviewQueue, tokenA)).json().data;
    expect(nextDay.cards.map((c: { id: number }) => c.id)).toContain(card.id);
    const later = (await dictate(tokenA, 0, FIRST, card.id)).json().data.review;
    expect(later.card.state).toBe('review');
    expect(new Date(later.nextDue).getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(
      24 * 3600_000,
    );
    const counts = (await get(listeningPaths.reviewCounts, tokenA)).json().data;
    expect(counts.nextDueAt).not.toBeNull();
  });

  it('a word card is graded by that word alone', async () => {
    const queue = (await get(listeningPaths.reviewQueue, tokenA)).json().data;
    const word = queue.cards.find((c: { word: string | null }) => c.word === 'farmland');
    const result = (await dictate(tokenA, 0, 'farmland', word.id)).json().data;
    expect(result.passed).toBe(false);
    expect(result.review.rating).toBe('good');
  });

  it("cards are their owner's: another learner cannot answer or remove them", async () => {
    const deck = (await get(listeningPaths.reviewDeck, tokenA)).json().data;
    const card = deck.list[0];
    const answer = await dictate(tokenB, card.sentence.index, 'x', card.id);
    expect(answer.statusCode).toBe(404);
    expect((await send('DELETE', listeningPaths.reviewCard(card.id), tokenB)).statusCode).toBe(404);
    const mismatched = await dictate(tokenA, card.sentence.index + 1, 'x', card.id);
    expect(mismatched.statusCode).toBe(400);
    const removed = await send('DELETE', listeningPaths.reviewCard(card.id), tokenA);
    expect(removed.json().data).toEqual({ removed: true });
    expect((await send('DELETE', listeningPaths.reviewCard(card.id), tokenA)).statusCode).toBe(404);
  });

  it('refuses what is not a dictation', async () => {
    expect((await dictate(tokenA, 99, 'x')).statusCode).toBe(400);
    expect((await dictate(tokenA, 0, 'x'.repeat(1001))).statusCode).toBe(400);
    expect(
      (await send('POST', listeningPaths.dictation(LECTURE, 0), undefined, { text: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await send('POST', listeningPaths.dictation('lp-9999', 0), tokenA, { text: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists by progress once signed in', async () => {
    const inProgress = (await get(`${listeningPaths.list}?progress=in_progress`, tokenA)).json()
      .data;
    expect(inProgress.list.map((m: { id: string }) => m.id)).toEqual([LECTURE]);
    expect(inProgress.list[0].progress).toMatchObject({ status: 'in_progress', doneSentences: 2 });
    const notStarted = (
      await get(`${listeningPaths.list}?progress=not_started&perPage=100`, tokenA)
    ).json().data;
    expect(notStarted.list.map((m: { id: string }) => m.id)).not.toContain(LECTURE);
  });
});

describe('shadowing requests', () => {
  const wavHeaders = (token?: string) => ({
    'content-type': 'audio/wav',
    ...(token ? { token } : {}),
  });
  it('needs sign-in, a WAV body of a sentence-sized recording', async () => {
    const url = listeningPaths.shadowing(LECTURE, 0);
    expect(
      (await app.inject({ method: 'POST', url, headers: wavHeaders(), payload: Buffer.alloc(100) }))
        .statusCode,
    ).toBe(401);
    const empty = await app.inject({
      method: 'POST',
      url,
      headers: wavHeaders(tokenA),
      payload: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(400);
    const notWav = await app.inject({
      method: 'POST',
      url,
      headers: wavHeaders(tokenA),
      payload: Buffer.from('RIFF....not a wav'),
    });
    expect(notWav.statusCode).toBe(400);
    const tooLarge = await app.inject({
      method: 'POST',
      url,
      headers: wavHeaders(tokenA),
      payload: Buffer.alloc(60 * 32_000 + 1000),
    });
    expect(tooLarge.statusCode).toBe(413);
    const unknown = await app.inject({
      method: 'POST',
      url: listeningPaths.shadowing('lp-9999', 0),
      headers: wavHeaders(tokenA),
      payload: Buffer.alloc(100),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
