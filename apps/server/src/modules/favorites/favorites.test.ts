import { ErrorCode } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { createLearner } from '../../../test/factories';
import { bankItem, seedItems } from '../../../test/bank';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/** Favourites through the API: colours, moving, removing, the folder, and each learner's own. */

let app: App;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock: testClock() });
  await seedItems(database.db, [
    bankItem('RA', 1),
    bankItem('RA', 2),
    bankItem('WFD', 1),
    bankItem('RO', 1),
  ]);
  ({ token: tokenA } = await createLearner(database.db, { now: testClock().now() }));
  ({ token: tokenB } = await createLearner(database.db, { now: testClock().now() }));
});
afterAll(async () => {
  await app.close();
});

const collect = (token: string | undefined, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/userCollect/addUserCollect',
    headers: token ? { token } : {},
    payload,
  });
const folder = (token: string, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/userCollect/queryUserFavorite${query}`,
    headers: { token },
  });
const ids = (response: { json(): { data: { list: { id: string; color: number | null }[] } } }) =>
  response.json().data.list.map((entry) => `${entry.id}:${entry.color}`);

describe('favourites', () => {
  it('stars with a colour, moves to another, removes with label 0', async () => {
    expect((await collect(tokenA, { itemId: 'ra-0002', label: 1 })).json().data).toEqual({
      itemId: 'ra-0002',
      label: 1,
    });
    await collect(tokenA, { itemId: 'wfd-0001', label: 3 });
    await collect(tokenA, { itemId: 'ro-0001', label: 3 });
    expect(ids(await folder(tokenA))).toEqual(['ra-0002:1', 'ro-0001:3', 'wfd-0001:3']);
    expect(ids(await folder(tokenA, '?label=3'))).toEqual(['ro-0001:3', 'wfd-0001:3']);

    await collect(tokenA, { itemId: 'ro-0001', label: 4 });
    expect(ids(await folder(tokenA, '?label=4'))).toEqual(['ro-0001:4']);
    const removed = await collect(tokenA, { itemId: 'ro-0001', label: 0 });
    expect(removed.json().data).toEqual({ itemId: 'ro-0001', label: null });
    expect(ids(await folder(tokenA, '?label=-1'))).toEqual(['ra-0002:1', 'wfd-0001:3']);
    // Removing what is not a favourite is fine.
    expect((await collect(tokenA, { itemId: 'ro-0001', label: 0 })).statusCode).toBe(200);
  });

  it('are each learner’s own, in the folder, in the lists and on the filter', async () => {
    await collect(tokenB, { itemId: 'ra-0001', label: 2 });
    expect(ids(await folder(tokenB))).toEqual(['ra-0001:2']);
    const listB = await app.inject({
      method: 'GET',
      url: '/api/postsV2/list?code=RA&color=2',
      headers: { token: tokenB },
    });
    expect(ids(listB)).toEqual(['ra-0001:2']);
    const listA = await app.inject({
      method: 'GET',
      url: '/api/postsV2/list?code=RA',
      headers: { token: tokenA },
    });
    expect(ids(listA)).toEqual(['ra-0001:null', 'ra-0002:1']);
  });

  it.each([
    {
      case: 'an unknown item',
      payload: { itemId: 'ra-9999', label: 1 },
      status: 404,
      code: ErrorCode.NotFound,
    },
    {
      case: 'a colour that does not exist',
      payload: { itemId: 'ra-0001', label: 5 },
      status: 400,
      code: ErrorCode.InvalidInput,
    },
    { case: 'no item', payload: { label: 1 }, status: 400, code: ErrorCode.InvalidInput },
  ])('refuses $case', async ({ payload, status, code }) => {
    const response = await collect(tokenA, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('refuses a bad folder label and a signed-out visitor', async () => {
    const bad = await folder(tokenA, '?label=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('label');
    expect((await collect(undefined, { itemId: 'ra-0001', label: 1 })).statusCode).toBe(401);
  });
});
