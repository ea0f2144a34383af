/**
 * The writing checker in worker threads, with the real speller and Harper: the same findings as
 * in process, a panic that poisons Harper costs one worker (the next check is clean), a check past
 * its time limit has its worker replaced, and a full queue is refused at once as busy (50300).
 */
import { ErrorCode } from '@ninety/contract';
import { createLanguageTools } from '@ninety/scoring/language-tools';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LanguageToolsError,
  LanguageWorkerPool,
  lazyLanguageWorkers,
  type LanguagePoolOptions,
} from './language-worker-pool';

const ESSAY =
  'Their is many reason why peoples moves to big citys. ' +
  'Firstly, the jobs is better payed, and secondly the publik transport are convenient.';
/** One 20,000-letter "word": Harper panics ("unreachable", capacity overflow) on it. */
const PANICS_HARPER = 'a'.repeat(20_000);
/**
 * 30,000 characters of made-up 8-letter words: Harper takes about a minute over them (its spelling
 * suggestions), far past the limits these tests set, without panicking.
 */
const SLOW_FOR_HARPER = Array.from({ length: 3_334 }, (_, index) =>
  (index * 7_919).toString(26).padStart(8, 'q').replace(/\d/g, 'z'),
).join(' ');

const pools: LanguageWorkerPool[] = [];
function pool(options: Partial<LanguagePoolOptions> = {}) {
  const created = new LanguageWorkerPool({
    workers: 1,
    checkTimeoutMs: 60_000,
    checkTimeoutMsPer1000Chars: 0,
    recycleAfterChecks: 1_000,
    maxWorkerMb: 2_048,
    maxQueued: 4,
    ...options,
  });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

// Each worker loads ~250 MB of dictionaries and WebAssembly: seconds on a busy machine.
describe('LanguageWorkerPool', { timeout: 120_000 }, () => {
  it('finds in a worker what the tools find in process', async () => {
    const inProcess = await createLanguageTools();
    const expected = await inProcess.check(ESSAY, ['citys']);
    expect(expected.misspellings.length).toBeGreaterThan(0);
    expect(expected.issues.length).toBeGreaterThan(0);
    await expect(pool().check(ESSAY, ['citys'])).resolves.toEqual(expected);
  });

  it('after an input that makes Harper panic, fails that check and checks the next one correctly', async () => {
    const tested = pool();
    const before = await tested.check(ESSAY);
    const failure = await tested.check(PANICS_HARPER).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LanguageToolsError);
    expect(failure).toMatchObject({ reason: 'task-failed', code: ErrorCode.Unavailable });
    expect(String((failure as Error).cause)).toMatch(/unreachable.*capacity overflow/);
    // In one process this answered "recursive use of an object detected" from then on.
    await expect(tested.check(ESSAY)).resolves.toEqual(before);
    expect(tested.started).toBe(2);
  });

  it('stops a check past its time limit, which grows with the text, and replaces the worker', async () => {
    const tested = pool({ checkTimeoutMs: 2_000, checkTimeoutMsPer1000Chars: 30 });
    await tested.warmUp();
    // 2,000 ms plus 30 ms for each of the text's 1,000s of characters.
    const limit = 2_000 + Math.ceil((SLOW_FOR_HARPER.length / 1000) * 30);
    await expect(tested.check(SLOW_FOR_HARPER)).rejects.toMatchObject({
      reason: 'timeout',
      cause: expect.objectContaining({
        message: `language check job took longer than ${limit} ms`,
      }),
    });
    expect(tested.started).toBe(2);
    await tested.warmUp();
    expect(tested.stats()).toEqual([expect.objectContaining({ ready: true, jobs: 0 })]);
  });

  it('refuses a check at once when the queue is full, with 50300 in Chinese', async () => {
    const tested = pool({ maxQueued: 1 });
    await tested.warmUp();
    const running = tested.check(SLOW_FOR_HARPER).catch((error: unknown) => error);
    const waiting = tested.check(ESSAY).catch((error: unknown) => error);
    expect(tested.queued).toBe(1);
    const refused = await tested.check(ESSAY).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LanguageToolsError);
    expect(refused).toMatchObject({
      reason: 'busy',
      code: ErrorCode.Unavailable,
      httpStatus: 503,
      message: '写作评分排队的人太多，请稍后再提交',
    });
    // Closing fails what is running and waiting: an error for the caller, never a blank check.
    await tested.close();
    await expect(running).resolves.toMatchObject({ reason: 'closed' });
    await expect(waiting).resolves.toMatchObject({ reason: 'closed' });
  });

  it('starts no worker until first used, and refuses after closing', async () => {
    let created = 0;
    const workers = lazyLanguageWorkers(() => {
      created += 1;
      return pool();
    });
    expect(created).toBe(0);
    const tools = await workers.tools();
    expect(created).toBe(1);
    await expect(tools.check('A short and correct sentence.')).resolves.toEqual({
      misspellings: [],
      issues: [],
    });
    await workers.close();
    await expect(workers.tools()).rejects.toMatchObject({ reason: 'closed' });
  });
});
