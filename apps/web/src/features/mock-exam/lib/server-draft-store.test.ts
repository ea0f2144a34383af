import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerDraftStore, type SaveStatus } from './server-draft-store';

const draft = (answer: unknown) => ({ answer, elapsedSeconds: 42, savedAt: 1 });

describe('the mock exam keeps typed answers on the server', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Persist = (key: string, answer: unknown) => Promise<void>;

  function setUp(persist = vi.fn<Persist>(async () => undefined)) {
    const statuses: SaveStatus[] = [];
    const store = createServerDraftStore({
      load: async (key) => (key === 'known' ? { text: 'from the server' } : null),
      persist,
      intervalMs: 3000,
      onStatus: (status) => statuses.push(status),
    });
    return { store, persist, statuses };
  }

  it('sends the newest answer once per interval, not every keystroke', async () => {
    const { store, persist, statuses } = setUp();
    store.save('a', draft({ text: 'T' }));
    store.save('a', draft({ text: 'Th' }));
    store.save('a', draft({ text: 'The' }));
    expect(persist).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledWith('a', { text: 'The' });
    expect(statuses).toEqual(['saving', 'saved']);
    // Nothing new: nothing sent.
    await vi.advanceTimersByTimeAsync(9000);
    expect(persist).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('keeps an answer while offline, says so, and retries until the server has it', async () => {
    let isOnline = false;
    const persist = vi.fn<Persist>(async () => {
      if (!isOnline) throw new Error('network');
    });
    const { store, statuses } = setUp(persist);
    store.save('a', draft({ text: 'kept' }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(persist).toHaveBeenCalledTimes(2);
    isOnline = true;
    await vi.advanceTimersByTimeAsync(3000);
    expect(persist).toHaveBeenCalledTimes(3);
    expect(persist).toHaveBeenLastCalledWith('a', { text: 'kept' });
    expect(store.status).toBe('saved');
    expect(statuses).toEqual(['saving', 'offline', 'saved']);
    store.dispose();
  });

  it('restores from the server without time of its own (the server owns the clock)', async () => {
    const { store } = setUp();
    await expect(store.get('known')).resolves.toMatchObject({
      answer: { text: 'from the server' },
      elapsedSeconds: 0,
    });
    await expect(store.get('unknown')).resolves.toBeNull();
    // An answer not yet sent is newer than the server's copy.
    store.save('known', draft({ text: 'newer' }));
    await expect(store.get('known')).resolves.toMatchObject({ answer: { text: 'newer' } });
    store.dispose();
  });

  it('sends at once on flush (before the item ends) and forgets a cleared answer', async () => {
    const { store, persist } = setUp();
    store.save('a', draft({ text: 'last words' }));
    await expect(store.flush()).resolves.toBe(true);
    expect(persist).toHaveBeenCalledWith('a', { text: 'last words' });
    store.save('b', draft({ text: 'submitted' }));
    store.clear('b');
    await vi.advanceTimersByTimeAsync(3000);
    expect(persist).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('a load that fails reads as no draft, never as an error', async () => {
    const store = createServerDraftStore({
      load: async () => {
        throw new Error('offline');
      },
      persist: async () => undefined,
    });
    await expect(store.get('a')).resolves.toBeNull();
    store.dispose();
  });
});
