import { randomUUID } from 'node:crypto';
import { ErrorCode, materialPaths } from '@ninety/contract';
import { keyAnswerOf, type ObjectiveItem } from '@ninety/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { downloadLinks } from './download-links';
import { materialProductKind, materialsOf, type MaterialsDeps } from './materials.service';

/**
 * What a bought pack opens besides its PDFs (issue 21, ADR 0023): its bank items are practised
 * without spending a non-member use (the attempts routes ask the materials service), and its
 * member lessons play for the buyer. Items and lessons of packs not bought stay as they were.
 */

const ENERGY = 3;
const clock = testClock(new Date('2026-11-22T02:00:00Z'));
const config = testConfig({ NON_MEMBER_ENERGY: String(ENERGY) });
/** 听力全题型资料包: listening item types and the listening lessons. */
const LISTENING_PACK = 7;
const wfd = bankItem('WFD', 1) as ObjectiveItem;
const rmcs = bankItem('RMCS', 1) as ObjectiveItem;

let app: App;
let database: Database;
let kind: ReturnType<typeof materialProductKind>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(config, { database, clock });
  await seedItems(database.db, [wfd, rmcs]);
  const deps: MaterialsDeps = {
    db: database.db,
    clock,
    timeZone: config.TIME_ZONE,
    storage: { publicUrl: (key: string) => `/files/${key}` } as MaterialsDeps['storage'],
    // The product kind stamps nothing: no queue.
    queue: {} as MaterialsDeps['queue'],
    materials: materialsOf(config.CONTENT_DIR),
    links: downloadLinks(config.AUTH_SECRET, clock),
    downloadPath: () => '/unused',
  };
  kind = materialProductKind(deps);
}, 60_000);
afterAll(async () => {
  await app.close();
});

const learner = () => createLearner(database.db, { energy: ENERGY, now: clock.now() });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { token } });
const practise = (token: string, item: ObjectiveItem) =>
  app.inject({
    method: 'POST',
    url: '/api/posts/examed',
    headers: { token },
    payload: {
      itemId: item.id,
      answer: keyAnswerOf(item),
      timeSpentSeconds: 30,
      idempotencyKey: randomUUID(),
    },
  });
async function energyOf(userId: number) {
  const [row] = await database.db
    .select({ energy: users.energy })
    .from(users)
    .where(eq(users.id, userId));
  return row!.energy;
}

describe('a bought pack', () => {
  it('lists what it opens: nothing before, its item types and lessons after', async () => {
    const { userId, token } = await learner();
    expect((await get(materialPaths.unlocks, token)).json().data).toEqual({
      itemTypes: [],
      lessonIds: [],
    });
    await kind.fulfil({ userId, itemId: String(LISTENING_PACK), orderNo: `NTU${userId}` });
    const unlocks = (await get(materialPaths.unlocks, token)).json().data;
    expect(unlocks.itemTypes).toEqual(expect.arrayContaining(['WFD', 'SST', 'HIW']));
    expect(unlocks.itemTypes).not.toContain('RMCS');
    expect(unlocks.lessonIds).toEqual(expect.arrayContaining(['wfd-basics', 'sst-basics']));
    expect((await app.inject({ method: 'GET', url: materialPaths.unlocks })).statusCode).toBe(401);
  });

  it('practising an included item spends no use, even with none left; other items still do', async () => {
    const { userId, token } = await learner();
    await kind.fulfil({ userId, itemId: String(LISTENING_PACK), orderNo: `NTQ${userId}` });
    for (let turn = 0; turn < ENERGY + 1; turn += 1) {
      const response = await practise(token, wfd);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.energy).toBe(ENERGY);
    }
    expect(await energyOf(userId)).toBe(ENERGY);

    // Not in the pack: spends, and runs out as before.
    for (let turn = 0; turn < ENERGY; turn += 1) {
      expect((await practise(token, rmcs)).statusCode).toBe(200);
    }
    expect(await energyOf(userId)).toBe(0);
    expect((await practise(token, rmcs)).json().code).toBe(ErrorCode.QuotaUsedUp);
    // The pack's items still open with no uses left.
    expect((await practise(token, wfd)).statusCode).toBe(200);
  });

  it('without the pack, the same item spends a use', async () => {
    const { userId, token } = await learner();
    expect((await practise(token, wfd)).statusCode).toBe(200);
    expect(await energyOf(userId)).toBe(ENERGY - 1);
  });

  it('opens its member lessons to the buyer, not lessons of other packs', async () => {
    const { userId, token } = await learner();
    const lesson = (id: string) => get(`/api/courses/lessons/${id}`, token);
    const before = (await lesson('sst-basics')).json().data;
    expect(before.lesson).toMatchObject({ access: 'member', locked: true });
    expect(before.media).toBeNull();

    await kind.fulfil({ userId, itemId: String(LISTENING_PACK), orderNo: `NTL${userId}` });
    const after = (await lesson('sst-basics')).json().data;
    expect(after.lesson.locked).toBe(false);
    expect(after.media.playlistUrl).toMatch(/^\/api\/courses\/media\/sst-basics\/index\.m3u8\?/);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/courses/lessons/sst-basics/progress',
      headers: { token },
      payload: { positionSeconds: 4 },
    });
    expect(saved.statusCode).toBe(200);
    const listing = (await get('/api/courses/listening', token)).json().data;
    expect(listing.lessons.find((l: { id: string }) => l.id === 'sst-basics').locked).toBe(false);

    // A speaking lesson belongs to another pack.
    const other = (await lesson('di-basics')).json().data;
    expect(other.lesson.locked).toBe(true);
    expect(other.media).toBeNull();
  });
});
