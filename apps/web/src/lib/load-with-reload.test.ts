import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, ChunkLoadError, loadWithReload } from './load-with-reload';
import { page } from './page';
import { sessionKeys } from './storage-keys';

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** Lets pending promise callbacks run, so a promise that never settles can be told apart. */
async function settle<T>(
  promise: Promise<T>,
): Promise<{ state: 'pending' | 'resolved' | 'rejected'; value?: unknown }> {
  let outcome: { state: 'pending' | 'resolved' | 'rejected'; value?: unknown } = {
    state: 'pending',
  };
  promise.then(
    (value) => (outcome = { state: 'resolved', value }),
    (value: unknown) => (outcome = { state: 'rejected', value }),
  );
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return outcome;
}

describe('loadWithReload', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('returns the module and leaves the reload mark alone when the import succeeds', async () => {
    const mark = String(Date.now() - 1000);
    sessionStorage.setItem(sessionKeys.chunkReloadAt, mark);
    await expect(loadWithReload(() => Promise.resolve({ Page: 'ok' }))).resolves.toEqual({
      Page: 'ok',
    });
    expect(sessionStorage.getItem(sessionKeys.chunkReloadAt)).toBe(mark);
    expect(reload).not.toHaveBeenCalled();
  });

  it('after a reload, a shell part loading fine does not re-arm a reload for the failing page', async () => {
    await settle(loadWithReload(failing));
    await loadWithReload(() => Promise.resolve({ Header: 'ok' }));
    const outcome = await settle(loadWithReload(failing));
    expect(outcome.state).toBe('rejected');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads the page once on the first failure and stays pending', async () => {
    const outcome = await settle(loadWithReload(failing));
    expect(outcome.state).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(sessionKeys.chunkReloadAt)).toBe(String(Date.now()));
  });

  it('does not reload a second time within the window: it rethrows for the error page', async () => {
    await settle(loadWithReload(failing));
    // The reloaded page fails again a few seconds later.
    vi.setSystemTime(Date.now() + 3_000);
    const outcome = await settle(loadWithReload(failing));
    expect(outcome.state).toBe('rejected');
    expect(outcome.value).toBeInstanceOf(ChunkLoadError);
    expect((outcome.value as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the window has passed', async () => {
    await settle(loadWithReload(failing));
    vi.setSystemTime(Date.now() + CHUNK_RELOAD_WINDOW_MS + 1);
    const outcome = await settle(loadWithReload(failing));
    expect(outcome.state).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('goes to the destination of the navigation when one is given', async () => {
    const assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
    const outcome = await settle(loadWithReload(failing, () => '/question?tab=2'));
    expect(outcome.state).toBe('pending');
    expect(assign).toHaveBeenCalledExactlyOnceWith('/question?tab=2');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the current URL when there is no navigation under way', async () => {
    await settle(loadWithReload(failing, () => undefined));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
