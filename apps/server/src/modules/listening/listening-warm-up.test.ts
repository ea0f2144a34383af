import { listeningPaths } from '@ninety/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import type * as EnglishDictionaryModule from '../dictionary/english-dictionary';

/**
 * The English dictionary (the word book of a dictation's missed words) is loaded once the
 * server listens, as the speech engine is, so the first dictation after a start does not wait
 * seconds for it (issue 20). The load is watched with a spy around the real one.
 */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../dictionary/english-dictionary', async (importOriginal) => {
  const actual = await importOriginal<typeof EnglishDictionaryModule>();
  const load: typeof actual.loadEnglishDictionary = () => {
    loads.count += 1;
    return actual.loadEnglishDictionary();
  };
  return {
    ...actual,
    loadEnglishDictionary: load,
    lazyDictionary: (
      given?: typeof actual.loadEnglishDictionary,
      onLoaded?: Parameters<typeof actual.lazyDictionary>[1],
    ) => actual.lazyDictionary(given ?? load, onLoaded),
  };
});

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  loads.count = 0;
});

const health = async (server: App) =>
  ((await server.inject({ url: '/api/health' })).json() as { data: { status: string } }).data;

describe('the dictionary is warmed after listen', () => {
  it('a server that preloads it loads it once listening, and the first dictation finds it loaded', async () => {
    const database = await openTestDatabase();
    const clock = testClock();
    app = await buildApp(testConfig(), { database, clock, preloadDictionary: true });
    expect(loads.count).toBe(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Loaded off any request: health says "warming" until it is.
    await expect.poll(async () => (await health(app!)).status, { timeout: 60_000 }).toBe('ok');
    expect(loads.count).toBe(1);
    const { token } = await createLearner(database.db, { now: clock.now() });
    const response = await app.inject({
      method: 'POST',
      url: listeningPaths.dictation('lp-0001', 0),
      headers: { token },
      payload: { text: 'today I want to explain why a city is warmer' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.addedToWordBook.length).toBeGreaterThan(0);
    expect(loads.count).toBe(1);
  }, 90_000);

  it(
    'without it (tests, tools) nothing is loaded until a request needs it',
    { timeout: 90_000 },
    async () => {
      app = await buildApp(testConfig(), {
        database: await openTestDatabase(),
        clock: testClock(),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      // Whatever else warms (the bank's snapshot) has settled: the dictionary was not among it.
      await expect.poll(async () => (await health(app!)).status, { timeout: 60_000 }).toBe('ok');
      expect(loads.count).toBe(0);
    },
  );
});
