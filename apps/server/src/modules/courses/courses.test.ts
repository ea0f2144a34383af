import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { coursesPaths, ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { loadCourseCatalogue } from './courses-catalogue';
import { copyLessonMedia } from './courses.routes';

/**
 * 微课 through the API (PGlite, and PostgreSQL in the server-pg project), on the committed
 * content: courses and lessons, free and member access, signed media, and positions that another
 * device continues from.
 */

const clock = testClock(new Date('2026-11-22T02:00:00Z'));
let app: App;
let storageDir: string;
let learner: string;
let member: string;
const FREE = 'wfd-basics';
const MEMBER = 'sst-basics';

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'ninety-courses-'));
  const config = testConfig({ STORAGE_DIR: storageDir });
  const database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  const catalogue = await loadCourseCatalogue(config.CONTENT_DIR);
  // The app's own storage root: the files route serves what the copy writes.
  await copyLessonMedia(new LocalDiskStorage(storageDir, '/files'), config.CONTENT_DIR, catalogue);
  ({ token: learner } = await createLearner(database.db, { now: clock.now() }));
  ({ token: member } = await createLearner(database.db, { now: clock.now(), isMember: true }));
}, 60_000);
afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const save = (lessonId: string, token: string | undefined, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: coursesPaths.progress(lessonId),
    headers: token ? { token } : {},
    payload,
  });

describe('catalogue', () => {
  it('has a lesson for every item type (the unscored PI too) and a series', async () => {
    const { courses } = (await get(coursesPaths.list)).json().data;
    const types = new Set(courses.flatMap((c: { types: string[] }) => c.types));
    expect(types.size).toBe(23);
    expect(courses.some((c: { kind: string }) => c.kind === 'series')).toBe(true);
    expect(courses.every((c: { doneCount: null }) => c.doneCount === null)).toBe(true);
  });

  it('lists a course with its free and locked lessons; 40401 for an unknown course', async () => {
    const { lessons, isMember } = (await get(coursesPaths.detail('listening'), learner)).json()
      .data;
    expect(isMember).toBe(false);
    expect(lessons.find((l: { id: string }) => l.id === FREE)).toMatchObject({ locked: false });
    expect(lessons.find((l: { id: string }) => l.id === MEMBER)).toMatchObject({
      access: 'member',
      locked: true,
    });
    const asMember = (await get(coursesPaths.detail('listening'), member)).json().data;
    expect(asMember.lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);
    const unknown = await get(coursesPaths.detail('nope'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.NotFound);
  });
});

describe('lessons and media', () => {
  it('gives a free lesson signed media to anyone, with its neighbours in the course', async () => {
    const response = await get(coursesPaths.lesson(FREE, 'listening-7-days'));
    expect(response.statusCode).toBe(200);
    const lesson = response.json().data;
    expect(lesson).toMatchObject({ courseId: 'listening-7-days', previousLessonId: null });
    expect(lesson.nextLessonId).toBe('lfib-basics');
    expect(lesson.chapters.length).toBe(5);
    const playlist = await get(lesson.media.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const uris = playlist.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(uris.length).toBeGreaterThan(1);
    for (const uri of uris)
      expect(uri).toMatch(/^\/files\/courses\/wfd-basics\/seg-\d{3}\.m4s\?expires=/);
    expect(playlist.body).toMatch(
      /#EXT-X-MAP:URI="\/files\/courses\/wfd-basics\/init\.mp4\?expires=/,
    );
    expect((await get(uris[0]!)).statusCode).toBe(200);
    const subtitles = await get(lesson.media.subtitlesUrl);
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.body.startsWith('WEBVTT')).toBe(true);
  });

  it('without a lesson course uses the first course that holds it; 40401 for one that does not', async () => {
    expect((await get(coursesPaths.lesson(FREE))).json().data.courseId).toBe('listening');
    expect((await get(coursesPaths.lesson(FREE, 'speaking'))).statusCode).toBe(404);
    expect((await get(coursesPaths.lesson('nope'))).statusCode).toBe(404);
  });

  it('shows a non-member only the preview of a member lesson; a member gets the media', async () => {
    const preview = (await get(coursesPaths.lesson(MEMBER), learner)).json().data;
    expect(preview.lesson.locked).toBe(true);
    expect(preview.media).toBeNull();
    expect(preview.chapters.length).toBeGreaterThan(0);
    expect((await get(preview.lesson.posterUrl)).statusCode).toBe(200);
    const full = (await get(coursesPaths.lesson(MEMBER), member)).json().data;
    expect(full.media.playlistUrl).toContain('signature=');
    expect((await get(full.media.playlistUrl)).statusCode).toBe(200);
  });

  it('refuses member media without a valid signature', async () => {
    const full = (await get(coursesPaths.lesson(MEMBER), member)).json().data;
    const unsigned = full.media.playlistUrl.split('?')[0];
    expect((await get(unsigned)).statusCode).toBe(404);
    expect((await get(`${unsigned}?expires=9999999999&signature=forged`)).statusCode).toBe(404);
    expect((await get('/files/courses/sst-basics/seg-000.m4s')).statusCode).toBe(404);
    expect((await get('/files/courses/sst-basics/index.m3u8')).statusCode).toBe(404);
  });
});

describe('progress', () => {
  it('saves the position for another device, keeps done, and clamps to the lesson', async () => {
    const saved = await save(FREE, learner, { positionSeconds: 12.34 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ lessonId: FREE, positionSeconds: 12.3, done: false });
    // Another device of the same learner (the same account) reads it back.
    const lesson = (await get(coursesPaths.lesson(FREE), learner)).json().data;
    expect(lesson.lesson.progress.positionSeconds).toBe(12.3);
    await save(FREE, learner, { positionSeconds: 30, done: true });
    const again = await save(FREE, learner, { positionSeconds: 5 });
    expect(again.json().data).toMatchObject({ positionSeconds: 5, done: true });
    const past = await save(FREE, learner, { positionSeconds: 9999 });
    expect(past.json().data.positionSeconds).toBeLessThan(120);
    const { courses } = (await get(coursesPaths.list, learner)).json().data;
    expect(courses.find((c: { id: string }) => c.id === 'listening').doneCount).toBe(1);
  });

  it('needs sign-in, refuses a member lesson to a non-member, and bad bodies', async () => {
    expect((await save(FREE, undefined, { positionSeconds: 1 })).statusCode).toBe(401);
    const locked = await save(MEMBER, learner, { positionSeconds: 1 });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe(ErrorCode.MembershipRequired);
    expect((await save(MEMBER, member, { positionSeconds: 1 })).statusCode).toBe(200);
    expect((await save(FREE, learner, { positionSeconds: -1 })).statusCode).toBe(400);
    expect((await save(FREE, learner, { positionSeconds: 1, extra: 1 })).statusCode).toBe(400);
    expect((await save('nope', learner, { positionSeconds: 1 })).statusCode).toBe(404);
  });
});
