import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { coursesPaths, ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { loadCourseCatalogue } from './courses-catalogue';
import { copyLessonMedia } from './courses.routes';
import { MEMBER_LINK_SECONDS } from './courses.service';

/**
 * A member lesson's media after the membership lapses (issue 21): its playlist link names the
 * viewer and is checked against their membership when fetched, and it and the segment links it
 * hands out last minutes, so a lapsed member loses the video within MEMBER_LINK_SECONDS, not
 * hours. Free lessons keep their longer links.
 */

const clock = testClock(new Date('2026-11-22T02:00:00Z'));
const MEMBER = 'sst-basics';
let app: App;
let database: Database;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'ninety-member-links-'));
  const config = testConfig({ STORAGE_DIR: storageDir });
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  const catalogue = await loadCourseCatalogue(config.CONTENT_DIR);
  await copyLessonMedia(new LocalDiskStorage(storageDir, '/files'), config.CONTENT_DIR, catalogue);
}, 60_000);
afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const segmentsOf = (playlist: string) =>
  playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
const lapse = (userId: number) =>
  database.db
    .update(users)
    .set({ memberExpiresAt: new Date(clock.now().getTime() - 1000) })
    .where(eq(users.id, userId));

describe('member media links', () => {
  it('stop working for a member whose membership lapsed, at the next playlist fetch', async () => {
    const { token, userId } = await createLearner(database.db, {
      now: clock.now(),
      isMember: true,
    });
    const lesson = (await get(coursesPaths.lesson(MEMBER), token)).json().data;
    expect(lesson.media.playlistUrl).toMatch(/index\.m3u8\?viewer=\d+&expires=\d+&signature=/);
    const playlist = await get(lesson.media.playlistUrl);
    expect(playlist.statusCode).toBe(200);
    const [first] = segmentsOf(playlist.body);
    expect((await get(first!)).statusCode).toBe(200);

    await lapse(userId);
    const refused = await get(lesson.media.playlistUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.MembershipRequired);
    // The page, loaded again, offers only the preview.
    expect((await get(coursesPaths.lesson(MEMBER), token)).json().data.media).toBeNull();

    // Segment links handed out before the lapse end within minutes.
    clock.advance(MEMBER_LINK_SECONDS + 1);
    expect((await get(first!)).statusCode).toBe(404);
  });

  it('are bound to the viewer: another learner’s id in the link is refused', async () => {
    const { token } = await createLearner(database.db, { now: clock.now(), isMember: true });
    const other = await createLearner(database.db, { now: clock.now() });
    const lesson = (await get(coursesPaths.lesson(MEMBER), token)).json().data;
    const swapped = lesson.media.playlistUrl.replace(/viewer=\d+/, `viewer=${other.userId}`);
    expect((await get(swapped)).statusCode).toBe(404);
    const dropped = lesson.media.playlistUrl.replace(/viewer=\d+&/, '');
    expect((await get(dropped)).statusCode).toBe(404);
  });

  it('expire within minutes even for a member', async () => {
    const { token } = await createLearner(database.db, { now: clock.now(), isMember: true });
    const lesson = (await get(coursesPaths.lesson(MEMBER), token)).json().data;
    clock.advance(MEMBER_LINK_SECONDS + 1);
    expect((await get(lesson.media.playlistUrl)).statusCode).toBe(404);
  });

  it('free lessons keep their hours-long links', async () => {
    const lesson = (await get(coursesPaths.lesson('wfd-basics'))).json().data;
    clock.advance(MEMBER_LINK_SECONDS + 1);
    expect((await get(lesson.media.playlistUrl)).statusCode).toBe(200);
  });
});
