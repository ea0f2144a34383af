import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FuzzyQuerySchema,
  FuzzyResultSchema,
  ItemListQuerySchema,
  ItemListSchema,
  SEARCH_COUNT_CAP,
  okEnvelope,
} from '@ninety/contract';
import { eq, sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import type { App } from '../../app';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import {
  addFavorite,
  bankItem,
  markPractised,
  seedItems,
  setPracticeCount,
} from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { ANONYMOUS_PAGE_MS, bankCacheOf } from './bank-cache';
import { listBankItems, searchBank, type ItemsDeps } from './items.service';

/**
 * The bank's read calls on a seeded bank. The clock stands on Sunday 2026-11-22 in Beijing
 * (ISO week 2026-W47), so "recent" means updated on or after 2026-11-16.
 */

let app: App;
let database: Database;
let tokenA: string;
let tokenB: string;

const ids = (response: { json(): { data: { list: { id: string }[] } } }) =>
  response.json().data.list.map((entry) => entry.id);

async function list(query: string, token?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/postsV2/list?${query}`,
    headers: token ? { token } : {},
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock: testClock() });
  await seedItems(database.db, [
    bankItem('RA', 1, { updatedAt: '2026-11-20', highFrequencyWeeks: ['2026-W47'] }),
    bankItem('RA', 2, { updatedAt: '2026-10-01', highFrequencyWeeks: ['2026-W46'] }),
    bankItem('RA', 3, { updatedAt: '2026-11-16', highFrequencyWeeks: [] }),
    bankItem('RA', 4, { updatedAt: '2025-05-01', highFrequencyWeeks: ['2026-W40', '2026-W47'] }),
    bankItem('WFD', 1, { updatedAt: '2026-11-15', highFrequencyWeeks: ['2026-W47'] }),
    bankItem('WFD', 2, { updatedAt: '2026-09-09', highFrequencyWeeks: [] }),
    // A list published for a week still to come must not count as this week's.
    bankItem('WFD', 3, { updatedAt: '2026-09-09', highFrequencyWeeks: ['2026-W49'] }),
  ]);
  await setPracticeCount(database.db, 'ra-0002', 15_000);
  await setPracticeCount(database.db, 'ra-0004', 30);

  const learnerA = await createLearner(database.db, { now: testClock().now() });
  tokenA = learnerA.token;
  ({ token: tokenB } = await createLearner(database.db, { now: testClock().now() }));
  const userA = learnerA.userId;
  await markPractised(database.db, userA, 'ra-0001', 2);
  await markPractised(database.db, userA, 'ra-0004');
  await addFavorite(database.db, userA, 'ra-0002', 1);
  await addFavorite(database.db, userA, 'ra-0004', 3);
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/postsV2/list', () => {
  it('lists one type in number order with the week, badges and paging', async () => {
    const response = await list('code=RA');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 4, page: 1, perPage: 20, week: '2026-W47' });
    expect(ids(response)).toEqual(['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004']);
    expect(data.list[0]).toMatchObject({
      type: 'RA',
      number: 1,
      isNew: true,
      isHighFrequency: true,
      isFull: true,
      practiceCount: 0,
      practised: null,
      practisedCount: null,
      color: null,
      updatedAt: '2026-11-20',
    });
    expect(data.list[0]).not.toHaveProperty('key');
    expect(data.list[0]).not.toHaveProperty('content');
    expect(data.list[1]).toMatchObject({ isNew: false, isHighFrequency: false });
  });

  it('pages with a stable order', async () => {
    const first = await list('code=RA&perPage=3&page=1');
    const second = await list('code=RA&perPage=3&page=2');
    expect(ids(first)).toEqual(['ra-0001', 'ra-0002', 'ra-0003']);
    expect(ids(second)).toEqual(['ra-0004']);
    expect(second.json().data.total).toBe(4);
  });

  it.each([
    ['updTopic=1 keeps items updated in the last seven days', 'updTopic=1', ['ra-0001', 'ra-0003']],
    ['type=4 keeps this week’s high-frequency items', 'type=4', ['ra-0001', 'ra-0004']],
    ['type=5 keeps the others', 'type=5', ['ra-0002', 'ra-0003']],
    ['type=1 keeps both', 'type=1', ['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004']],
    ['isReal=1 keeps items ever listed up to now', 'isReal=1', ['ra-0001', 'ra-0002', 'ra-0004']],
    [
      'hotSort=1 sorts by practice count, most first',
      'hotSort=1',
      ['ra-0002', 'ra-0004', 'ra-0001', 'ra-0003'],
    ],
    [
      'hotSort=2 sorts by practice count, least first',
      'hotSort=2',
      ['ra-0001', 'ra-0003', 'ra-0004', 'ra-0002'],
    ],
    ['isFull=1 keeps complete items', 'isFull=1', ['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004']],
    ['filters combine', 'type=4&updTopic=1', ['ra-0001']],
    [
      'falsy filters are no filters',
      'updTopic=0&isFull=0&practiceStatus=0&hotSort=0&color=',
      ['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004'],
    ],
    ['keyword searches the texts', 'keyword=coral', ['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004']],
    [
      'keyword matches word prefixes',
      'keyword=bleach',
      ['ra-0001', 'ra-0002', 'ra-0003', 'ra-0004'],
    ],
    ['keyword with no match', 'keyword=volcano', []],
    ['a number finds the item number', 'keyword=3', ['ra-0003']],
  ])('%s', async (_rule, query, expected) => {
    const response = await list(`code=RA&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response)).toEqual(expected);
    expect(response.json().data.total).toBe(expected.length);
  });

  it('ignores a list published for a later week', async () => {
    const response = await list('code=WFD&type=4');
    expect(ids(response)).toEqual(['wfd-0001']);
    expect(
      (await list('code=WFD&isReal=1')).json().data.list.map((e: { id: string }) => e.id),
    ).toEqual(['wfd-0001']);
  });

  it('lists every type when no code is given', async () => {
    const response = await list('perPage=100');
    expect(response.json().data.total).toBe(7);
  });

  it('finds incomplete items with isFull=2', async () => {
    await database.db.update(items).set({ isFull: false }).where(eq(items.id, 'wfd-0002'));
    expect(ids(await list('code=WFD&isFull=2'))).toEqual(['wfd-0002']);
    expect(ids(await list('code=WFD&isFull=1'))).toEqual(['wfd-0001', 'wfd-0003']);
    await database.db.update(items).set({ isFull: true }).where(eq(items.id, 'wfd-0002'));
  });

  it('adds the signed-in learner’s own practice and favourite colour', async () => {
    const response = await list('code=RA', tokenA);
    const byId = Object.fromEntries(
      response.json().data.list.map((entry: { id: string }) => [entry.id, entry]),
    );
    expect(byId['ra-0001']).toMatchObject({ practised: true, practisedCount: 2, color: null });
    expect(byId['ra-0002']).toMatchObject({ practised: false, practisedCount: 0, color: 1 });
    expect(byId['ra-0004']).toMatchObject({ practised: true, color: 3 });
  });

  it('never shows one learner’s progress or favourites to another', async () => {
    const response = await list('code=RA', tokenB);
    for (const entry of response.json().data.list) {
      expect(entry).toMatchObject({ practised: false, practisedCount: 0, color: null });
    }
    expect(ids(await list('code=RA&practiceStatus=1', tokenB))).toEqual([]);
    expect(ids(await list('code=RA&color=-1', tokenB))).toEqual([]);
  });

  it.each([
    ['practiceStatus=1 keeps practised items', 'practiceStatus=1', ['ra-0001', 'ra-0004']],
    ['practiceStatus=2 keeps the rest', 'practiceStatus=2', ['ra-0002', 'ra-0003']],
    ['color=-1 keeps any favourite', 'color=-1', ['ra-0002', 'ra-0004']],
    ['color=1 keeps red favourites', 'color=1', ['ra-0002']],
    ['color=3 keeps green favourites', 'color=3', ['ra-0004']],
    ['color=2 with no yellow favourites', 'color=2', []],
    ['personal and shared filters combine', 'practiceStatus=1&color=-1&type=4', ['ra-0004']],
  ])('signed in: %s', async (_rule, query, expected) => {
    const response = await list(`code=RA&${query}`, tokenA);
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response)).toEqual(expected);
  });

  it('asks to sign in for the personal filters', async () => {
    for (const query of ['practiceStatus=1', 'color=-1']) {
      const response = await list(`code=RA&${query}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 10006 });
      expect(response.json().msg).toMatch(/登录/);
    }
  });

  it.each([
    ['an unknown type code', 'code=XX', 'code'],
    ['a non-numeric page', 'page=abc', 'page'],
    ['page zero', 'page=0', 'page'],
    ['a page size above 100', 'perPage=101', 'perPage'],
    ['an updTopic outside 0/1', 'updTopic=2', 'updTopic'],
    ['an isFull outside 0–2', 'isFull=3', 'isFull'],
    ['a type outside 1/4/5', 'type=2', 'type'],
    ['a colour outside -1–4', 'color=7', 'color'],
    ['a hotSort outside 0–2', 'hotSort=9', 'hotSort'],
  ])('refuses %s with 40001 naming the field', async (_case, query, field) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 40001 });
    expect(response.json().msg).toContain(field);
  });
});

describe('GET /api/posts/getfuzzy', () => {
  const fuzzy = (query: string) =>
    app.inject({ method: 'GET', url: `/api/posts/getfuzzy?${query}` });

  it('finds items by their text with their type and a visible snippet', async () => {
    const response = await fuzzy('content=coral%20reef&perPage=30&page=1');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 4, page: 1, perPage: 30 });
    expect(data.list[0]).toMatchObject({
      type: 'RA',
      typeNameZh: '朗读',
      title: 'Coral bleaching',
    });
    expect(data.list[0].snippet).toMatch(/^Coral reefs cover/);
  });

  it('searches hidden transcripts but never shows them', async () => {
    const response = await fuzzy('content=workshop');
    const data = response.json().data;
    expect(data.total).toBe(3);
    for (const hit of data.list) {
      expect(hit.type).toBe('WFD');
      expect(hit.snippet).not.toMatch(/workshop/i);
    }
  });

  it('narrows by termId and isReal', async () => {
    expect((await fuzzy('content=coral&termId=WFD')).json().data.total).toBe(0);
    expect((await fuzzy('content=workshop&isReal=1')).json().data.total).toBe(1);
  });

  it('defaults to 30 per page and refuses more', async () => {
    expect((await fuzzy('content=coral')).json().data.perPage).toBe(30);
    const response = await fuzzy('content=coral&perPage=31');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('perPage');
  });

  it('needs something to search for', async () => {
    const response = await fuzzy('content=%20');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 40001 });
  });

  it('treats tsquery syntax as plain words', async () => {
    const response = await fuzzy(`content=${encodeURIComponent("coral & | ! ( ' :*")}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.total).toBe(4);
  });
});

describe('GET /api/posts/getfuzzy on a bank of its own', () => {
  let ownApp: App;
  let ownDatabase: Database;
  const fuzzyIds = async (query: string) =>
    ids(await ownApp.inject({ method: 'GET', url: `/api/posts/getfuzzy?${query}` }));

  beforeAll(async () => {
    ownDatabase = await openTestDatabase();
    ownApp = await buildApp(testConfig(), { database: ownDatabase, clock: testClock() });
    // The RA example's passage is about coral reefs; only some titles say so.
    await seedItems(ownDatabase.db, [
      bankItem('RA', 1, { title: 'Ocean warming' }),
      bankItem('RA', 2),
      bankItem('RA', 3, { title: 'Ocean currents' }),
      bankItem('WFD', 1, { title: 'Coral notes' }),
    ]);
  });
  afterAll(async () => {
    await ownApp.close();
  });

  it('lists number and title matches before matches in the texts, paging across both', async () => {
    expect(await fuzzyIds('content=coral')).toEqual(['ra-0002', 'wfd-0001', 'ra-0001', 'ra-0003']);
    expect(await fuzzyIds('content=coral&perPage=3&page=1')).toEqual([
      'ra-0002',
      'wfd-0001',
      'ra-0001',
    ]);
    expect(await fuzzyIds('content=coral&perPage=3&page=2')).toEqual(['ra-0003']);
    expect(await fuzzyIds('content=coral&perPage=1&page=3')).toEqual(['ra-0001']);
    expect(await fuzzyIds('content=coral&perPage=3&page=3')).toEqual([]);
    expect((await fuzzyIds('content=3'))[0]).toBe('ra-0003');
  });

  it(`counts up to ${SEARCH_COUNT_CAP} matches and says when there are more`, async () => {
    const first = await ownApp.inject({ method: 'GET', url: '/api/posts/getfuzzy?content=coral' });
    expect(first.json().data).toMatchObject({ total: 4, totalCapped: false });
    await ownDatabase.db.execute(sql`
      insert into items (id, type, number, title, difficulty, topics, content, answer_key,
        explanation_zh, updated_on, is_full, search_text, source_hash)
      select 'ra-' || (1000 + g), type, 1000 + g, title, difficulty, topics, content, answer_key,
        explanation_zh, updated_on, is_full, search_text, source_hash
      from items cross join generate_series(1, ${SEARCH_COUNT_CAP}) g
      where id = 'ra-0002'`);
    const many = await ownApp.inject({ method: 'GET', url: '/api/posts/getfuzzy?content=coral' });
    expect(many.json().data).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(many.json().data.list).toHaveLength(30);

    // Past 500 selected items the database filters and orders a practice-count page itself.
    await setPracticeCount(ownDatabase.db, 'ra-1500', 5);
    const hot = await ownApp.inject({ method: 'GET', url: '/api/postsV2/list?code=RA&hotSort=1' });
    expect(hot.json().data.total).toBe(SEARCH_COUNT_CAP + 3);
    expect(ids(hot).slice(0, 3)).toEqual(['ra-1500', 'ra-0001', 'ra-0002']);
    // 1,003 items, 7 a page: page 144 holds the last two, the practised one last.
    const cold = await ownApp.inject({
      method: 'GET',
      url: '/api/postsV2/list?code=RA&hotSort=2&perPage=7&page=144',
    });
    expect(ids(cold)).toEqual([`ra-${1000 + SEARCH_COUNT_CAP}`, 'ra-1500']);
  });
});

describe('POST /api/dynamic/hierarchy', () => {
  it('gives the tree with counts, and the learner’s progress when signed in', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/dynamic/hierarchy' });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const data = anonymous.json().data;
    expect(data.week).toBe('2026-W47');
    expect(data.sections.map((section: { area: string }) => section.area)).toEqual([
      'speaking',
      'writing',
      'reading',
      'listening',
    ]);
    const types = data.sections.flatMap((section: { types: { code: string }[] }) => section.types);
    expect(types).toHaveLength(23);
    const ra = types.find((type: { code: string }) => type.code === 'RA');
    expect(ra).toEqual({ code: 'RA', total: 4, highFrequency: 2, recent: 2, practised: null });

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/dynamic/hierarchy',
      headers: { token: tokenA },
      payload: {},
    });
    const raSigned = signedIn
      .json()
      .data.sections.flatMap((section: { types: { code: string }[] }) => section.types)
      .find((type: { code: string }) => type.code === 'RA');
    expect(raSigned.practised).toBe(2);
  });
});

describe('GET /api/postsV2/highFrequency', () => {
  it('groups this week’s list by type', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/postsV2/highFrequency' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ week: '2026-W47', currentWeek: '2026-W47' });
    expect(data.weeks).toEqual(['2026-W47', '2026-W46', '2026-W40']);
    expect(
      data.groups.map((group: { code: string; items: { id: string }[] }) => [
        group.code,
        group.items.map((entry) => entry.id),
      ]),
    ).toEqual([
      ['RA', ['ra-0001', 'ra-0004']],
      ['WFD', ['wfd-0001']],
    ]);
  });

  it('shows an earlier week on request and refuses a week without a list', async () => {
    const last = await app.inject({
      method: 'GET',
      url: '/api/postsV2/highFrequency?week=2026-W46',
    });
    expect(last.json().data.groups[0].items[0].id).toBe('ra-0002');
    const missing = await app.inject({
      method: 'GET',
      url: '/api/postsV2/highFrequency?week=2026-W30',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40401 });
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/postsV2/highFrequency?week=47',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('one item', () => {
  it('sends the content with media URLs and without the key', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/posts/detail?id=wfd-0001' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: 'wfd-0001', type: 'WFD', isHighFrequency: true });
    expect(data.content.audio.src).toBe('/files/bank/audio/wfd/wfd-0001.mp3');
    expect(JSON.stringify(data)).not.toMatch(/organise a workshop/);
    expect(data).not.toHaveProperty('key');
  });

  it('gives the answer and explanation only to a signed-in learner', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/posts/answer?id=wfd-0001' });
    expect(anonymous.statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/api/posts/answer?id=wfd-0001',
      headers: { token: tokenA },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.key.sentence).toMatch(/workshop/);
    expect(response.json().data.explanationZh).toMatch(/\p{Script=Han}/u);
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/posts/detail?id=ra-9999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 40401 });
    const malformed = await app.inject({ method: 'GET', url: '/api/posts/detail?id=../x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toContain('id');
  });
});

describe('the current week', () => {
  it('falls back to the latest published list until this week’s appears', async () => {
    // W48 has no list, so W47's stays current; from Monday of W49 the W49 list is.
    for (const [instant, week] of [
      ['2026-11-23T02:00:00Z', '2026-W47'],
      ['2026-11-30T02:00:00Z', '2026-W49'],
    ] as const) {
      const other = await openTestDatabase();
      const later = await buildApp(testConfig(), {
        database: other,
        clock: testClock(new Date(instant)),
      });
      try {
        await seedItems(other.db, [
          bankItem('WFD', 1, { highFrequencyWeeks: ['2026-W47'] }),
          bankItem('WFD', 3, { highFrequencyWeeks: ['2026-W49'] }),
        ]);
        const response = await later.inject({
          method: 'GET',
          url: '/api/postsV2/list?code=WFD&type=4',
        });
        expect(response.json().data.week, instant).toBe(week);
      } finally {
        await later.close();
      }
    }
  });
});

describe('cached response bodies', () => {
  // What the routes' serializer (fastify-type-provider-zod) writes for a value.
  const serialized = (schema: Parameters<typeof serializerCompiler>[0]['schema'], data: unknown) =>
    serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })({ data });
  const depsOf = (): ItemsDeps => ({
    db: database.db,
    clock: testClock(),
    timeZone: testConfig().TIME_ZONE,
    storage: new LocalDiskStorage(path.join(os.tmpdir(), 'ninety-items-unused'), '/files'),
    bank: bankCacheOf(database.db),
  });
  const queryOf = (query: string) => Object.fromEntries(new URLSearchParams(query));

  it.each([
    'code=RA',
    'code=RA&hotSort=1',
    'code=RA&hotSort=2&perPage=2&page=2',
    'type=4',
    'isReal=1&updTopic=1',
    'code=RA&keyword=ra',
    'code=WFD&page=9',
  ])('a signed-out list page (%s) is what the uncached page serializes to', async (query) => {
    const expected = serialized(
      okEnvelope(ItemListSchema),
      await listBankItems(depsOf(), ItemListQuerySchema.parse(queryOf(query)), null),
    );
    // Made (first) and kept (second): the same bytes and headers as a serialized answer.
    for (const response of [await list(query), await list(query)]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(expected);
    }
  });

  it.each([
    'content=ra',
    'content=ra&termId=WFD',
    'content=ra&isReal=1&page=2&perPage=2',
    'content=%232',
    'content=nothing-like-this',
  ])('a search (%s) is what the uncached search serializes to', async (query) => {
    const expected = serialized(
      okEnvelope(FuzzyResultSchema),
      await searchBank(depsOf(), FuzzyQuerySchema.parse(queryOf(query))),
    );
    for (let round = 0; round < 2; round += 1) {
      const response = await app.inject({ method: 'GET', url: `/api/posts/getfuzzy?${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(expected);
    }
  });

  it('still refuses bad input and personal filters signed out, with the error envelope', async () => {
    for (let round = 0; round < 2; round += 1) {
      const personal = await list('code=RA&practiceStatus=1');
      expect(personal.statusCode).toBe(401);
      expect(personal.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      const tooMany = await app.inject({
        method: 'GET',
        url: '/api/posts/getfuzzy?content=ra&perPage=31',
      });
      expect(tooMany.statusCode).toBe(400);
    }
  });
});

describe('the bank cache', () => {
  let ownApp: App;
  let ownDatabase: Database;
  const clock = testClock();
  const get = async (url: string, token?: string) => {
    const response = await ownApp.inject({ method: 'GET', url, headers: token ? { token } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const hierarchyOf = async (token?: string) => {
    const response = await ownApp.inject({
      method: 'POST',
      url: '/api/dynamic/hierarchy',
      headers: token ? { token } : {},
    });
    const ra = response
      .json()
      .data.sections.flatMap((section: { types: { code: string }[] }) => section.types)
      .find((type: { code: string }) => type.code === 'RA');
    return ra as { total: number; highFrequency: number; practised: number | null };
  };

  beforeAll(async () => {
    ownDatabase = await openTestDatabase();
    ownApp = await buildApp(testConfig(), { database: ownDatabase, clock });
    await seedItems(ownDatabase.db, [
      bankItem('RA', 1, { highFrequencyWeeks: [] }),
      bankItem('RA', 2, { highFrequencyWeeks: [] }),
    ]);
  });
  afterAll(async () => {
    await ownApp.close();
  });

  it('sees an import on the next request, and practice counts without one', async () => {
    expect((await get('/api/postsV2/list?code=RA')).total).toBe(2);
    expect((await get('/api/posts/getfuzzy?content=tides')).total).toBe(0);
    expect(await hierarchyOf()).toMatchObject({ total: 2, highFrequency: 0 });

    // An import: a new item, a retitled one, a weekly list.
    await seedItems(ownDatabase.db, [
      bankItem('RA', 1, { title: 'Tides and reefs', highFrequencyWeeks: ['2026-W47'] }),
      bankItem('RA', 2, { highFrequencyWeeks: [] }),
      bankItem('RA', 3, { highFrequencyWeeks: [] }),
    ]);
    const listed = await get('/api/postsV2/list?code=RA');
    expect(listed.total).toBe(3);
    expect(listed.list[0]).toMatchObject({ title: 'Tides and reefs', isHighFrequency: true });
    expect((await get('/api/posts/getfuzzy?content=tides')).list[0].id).toBe('ra-0001');
    expect(await hierarchyOf()).toMatchObject({ total: 3, highFrequency: 1 });

    // Practice counts move with every attempt, not with the bank's version; a signed-out page
    // may show them up to a second old (ANONYMOUS_PAGE_MS), a signed-in one at once.
    await setPracticeCount(ownDatabase.db, 'ra-0003', 9);
    const { token: learner } = await createLearner(ownDatabase.db, { now: clock.now() });
    expect((await get('/api/postsV2/list?code=RA', learner)).list[2].practiceCount).toBe(9);
    expect((await get('/api/postsV2/list?code=RA')).list[2].practiceCount).toBe(0);
    clock.advance(ANONYMOUS_PAGE_MS / 1000);
    const hot = await get('/api/postsV2/list?code=RA&hotSort=1');
    expect(hot.list.map((entry: { id: string }) => entry.id)[0]).toBe('ra-0003');
    expect(hot.list[0].practiceCount).toBe(9);
    expect((await get('/api/postsV2/list?code=RA')).list[2].practiceCount).toBe(9);

    // Rows removed outside the import are seen too.
    await ownDatabase.db.delete(items).where(eq(items.id, 'ra-0002'));
    const after = await get('/api/postsV2/list?code=RA');
    expect(after.list.map((entry: { id: string }) => entry.id)).toEqual(['ra-0001', 'ra-0003']);
    expect(after.total).toBe(2);
  });

  it('gives two learners on the same cached bank their own practice and favourites', async () => {
    const now = testClock().now();
    const a = await createLearner(ownDatabase.db, { now });
    const b = await createLearner(ownDatabase.db, { now });
    await markPractised(ownDatabase.db, a.userId, 'ra-0001', 3);
    await addFavorite(ownDatabase.db, a.userId, 'ra-0003', 2);
    await markPractised(ownDatabase.db, b.userId, 'ra-0003');
    await addFavorite(ownDatabase.db, b.userId, 'ra-0001', 4);

    const [listA, listB, anonymous] = await Promise.all([
      get('/api/postsV2/list?code=RA', a.token),
      get('/api/postsV2/list?code=RA', b.token),
      get('/api/postsV2/list?code=RA'),
    ]);
    const flags = (data: { list: { id: string; practisedCount: number | null }[] }) =>
      data.list.map((entry) => ({ id: entry.id, ...pick(entry) }));
    const pick = (entry: object) => {
      const { practised, practisedCount, color } = entry as Record<string, unknown>;
      return { practised, practisedCount, color };
    };
    expect(flags(listA)).toEqual([
      { id: 'ra-0001', practised: true, practisedCount: 3, color: null },
      { id: 'ra-0003', practised: false, practisedCount: 0, color: 2 },
    ]);
    expect(flags(listB)).toEqual([
      { id: 'ra-0001', practised: false, practisedCount: 0, color: 4 },
      { id: 'ra-0003', practised: true, practisedCount: 1, color: null },
    ]);
    expect(flags(anonymous)).toEqual([
      { id: 'ra-0001', practised: null, practisedCount: null, color: null },
      { id: 'ra-0003', practised: null, practisedCount: null, color: null },
    ]);

    const idsOf = (data: { list: { id: string }[] }) => data.list.map((entry) => entry.id);
    expect(idsOf(await get('/api/postsV2/list?code=RA&practiceStatus=1', a.token))).toEqual([
      'ra-0001',
    ]);
    expect(idsOf(await get('/api/postsV2/list?code=RA&practiceStatus=1', b.token))).toEqual([
      'ra-0003',
    ]);
    expect(idsOf(await get('/api/postsV2/list?code=RA&color=-1&hotSort=1', a.token))).toEqual([
      'ra-0003',
    ]);
    expect(idsOf(await get('/api/postsV2/list?code=RA&color=4', b.token))).toEqual(['ra-0001']);
    expect((await hierarchyOf(a.token)).practised).toBe(1);
    expect((await hierarchyOf(b.token)).practised).toBe(1);
    expect((await hierarchyOf()).practised).toBeNull();
  });

  it('sees an import committed while other requests are reading the version', async () => {
    const listed = async () => (await get('/api/postsV2/list?code=RA')).total as number;
    const before = await listed();
    // Requests in flight while the import commits: some of them read the version before it.
    const during = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0
        ? get(`/api/postsV2/list?code=RA&perPage=1&page=${index / 2 + 1}`)
        : get(`/api/posts/getfuzzy?content=ra${index}`),
    );
    await seedItems(ownDatabase.db, [bankItem('RA', 9, { title: 'Glaciers retreating' })]);
    // Every request that starts after the commit sees it, however many were reading before.
    const [total, found] = await Promise.all([
      listed(),
      get('/api/posts/getfuzzy?content=glaciers'),
      ...during,
    ]);
    expect(total).toBe(before + 1);
    expect(found.list.map((hit: { id: string }) => hit.id)).toEqual(['ra-0009']);
  });
});
