import { act, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDraftStore, type DraftRecord, type DraftStore } from './draft-store';
import { createLocalDraftStore } from './local-draft-store';
import { useAnswerDraft, type UseAnswerDraftOptions } from './use-answer-draft';

interface Text {
  text: string;
}

const START = new Date('2026-11-25T08:00:00Z').getTime();
const empty = () => ({ text: '' });

function setup(store: DraftStore, options: Partial<UseAnswerDraftOptions<Text>> = {}) {
  return renderHook(
    (props: Partial<UseAnswerDraftOptions<Text>>) =>
      useAnswerDraft<Text>({ key: 'practice:7', emptyAnswer: empty, store, ...options, ...props }),
    { initialProps: {} },
  );
}

const saved = (store: DraftStore, key = 'practice:7') => store.get(key) as DraftRecord | null;

describe('useAnswerDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts empty with the clock at zero, and keeps nothing until the learner answers', () => {
    const store = createMemoryDraftStore();
    const { result, unmount } = setup(store);

    expect(result.current.answer).toEqual({ text: '' });
    expect(result.current.restored).toBe(false);
    expect(result.current.startedAt).toBe(START);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current.elapsedSeconds()).toBe(5);
    unmount();
    expect(store.size).toBe(0);
  });

  it('saves 500 ms after typing pauses, each keystroke restarting the wait', () => {
    const store = createMemoryDraftStore();
    const { result } = setup(store);

    act(() => result.current.setAnswer({ text: 'The' }));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.setAnswer({ text: 'The passage' }));
    act(() => vi.advanceTimersByTime(400));
    expect(saved(store)).toBeNull();

    act(() => vi.advanceTimersByTime(100));
    expect(saved(store)).toEqual({
      answer: { text: 'The passage' },
      elapsedSeconds: 0.9,
      savedAt: START + 900,
    });
  });

  it('restores the answer and the time already spent on first render, and the clock runs on', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { text: 'half' }, elapsedSeconds: 300, savedAt: START });
    const { result } = setup(store);

    expect(result.current.answer).toEqual({ text: 'half' });
    expect(result.current.restored).toBe(true);
    expect(result.current.elapsedSeconds()).toBe(300);
    expect(result.current.startedAt).toBe(START - 300_000);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.elapsedSeconds()).toBe(310);
  });

  it('counts the time spent, not the time since the draft was saved', () => {
    const store = createMemoryDraftStore();
    const dayBefore = START - 24 * 60 * 60 * 1000;
    store.save('practice:7', { answer: { text: 'half' }, elapsedSeconds: 60, savedAt: dayBefore });
    const { result } = setup(store);

    expect(result.current.elapsedSeconds()).toBe(60);
  });

  it('saves the last keystrokes and the time when the page is left, before the wait is over', () => {
    const store = createMemoryDraftStore();
    const { result } = setup(store);
    act(() => vi.advanceTimersByTime(42_000));
    act(() => result.current.setAnswer({ text: 'last words' }));

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(saved(store)).toMatchObject({ answer: { text: 'last words' }, elapsedSeconds: 42 });
  });

  it('saves when the page is hidden (a phone switching apps)', () => {
    const store = createMemoryDraftStore();
    const { result } = setup(store);
    act(() => result.current.setAnswer({ text: 'typed' }));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');

    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(saved(store)?.answer).toEqual({ text: 'typed' });
  });

  it('saves on unmount', () => {
    const store = createMemoryDraftStore();
    const { result, unmount } = setup(store);
    act(() => result.current.setAnswer({ text: 'typed' }));

    unmount();
    expect(saved(store)?.answer).toEqual({ text: 'typed' });
  });

  it('ignores a draft the validator refuses', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { text: 'old' }, elapsedSeconds: 30, savedAt: START });
    const { result } = setup(store, { isValid: () => false });

    expect(result.current.answer).toEqual({ text: '' });
    expect(result.current.restored).toBe(false);
    expect(result.current.elapsedSeconds()).toBe(0);
  });

  it('ignores by default a draft without the empty answer’s shape', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { chosen: ['A'] }, elapsedSeconds: 30, savedAt: START });
    const { result } = setup(store);

    expect(result.current.answer).toEqual({ text: '' });
    expect(result.current.restored).toBe(false);
  });

  it('takes the empty answer as a value as well as a function', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { text: 'kept' }, elapsedSeconds: 1, savedAt: START });
    const { result } = setup(store, { emptyAnswer: { text: '' } });

    expect(result.current.answer).toEqual({ text: 'kept' });
  });

  it('clear() forgets the draft after a submit, keeps showing the answer, and saves no more', () => {
    const store = createMemoryDraftStore();
    const { result, unmount } = setup(store);
    act(() => result.current.setAnswer({ text: 'submitted' }));

    act(() => result.current.clear());
    expect(saved(store)).toBeNull();
    expect(result.current.answer).toEqual({ text: 'submitted' });
    act(() => vi.advanceTimersByTime(1_000));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    unmount();
    expect(saved(store)).toBeNull();
  });

  it('reset() starts over for a redo: the empty answer, the clock from zero, no draft', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { text: 'half' }, elapsedSeconds: 300, savedAt: START });
    const { result } = setup(store);
    act(() => vi.advanceTimersByTime(5_000));

    act(() => result.current.reset());
    expect(result.current.answer).toEqual({ text: '' });
    expect(result.current.restored).toBe(false);
    expect(result.current.elapsedSeconds()).toBe(0);
    expect(saved(store)).toBeNull();
    act(() => result.current.setAnswer({ text: 'again' }));
    act(() => vi.advanceTimersByTime(500));
    expect(saved(store)?.answer).toEqual({ text: 'again' });
  });

  it('keeps nothing when the key is null', () => {
    const store = createMemoryDraftStore();
    const { result, unmount } = setup(store, { key: null });
    act(() => result.current.setAnswer({ text: 'typed' }));
    act(() => vi.advanceTimersByTime(1_000));
    unmount();
    expect(store.size).toBe(0);
  });

  it('saves the old key’s answer and loads the new key’s draft when the key changes', () => {
    const store = createMemoryDraftStore();
    store.save('practice:8', { answer: { text: 'eight' }, elapsedSeconds: 8, savedAt: START });
    const { result, rerender } = setup(store);
    act(() => result.current.setAnswer({ text: 'seven' }));

    rerender({ key: 'practice:8' });
    expect(result.current.answer).toEqual({ text: 'eight' });
    expect(result.current.elapsedSeconds()).toBe(8);
    expect(saved(store, 'practice:7')?.answer).toEqual({ text: 'seven' });
  });

  it('survives a reload through local storage', () => {
    const store = createLocalDraftStore();
    const first = setup(store);
    act(() => vi.advanceTimersByTime(90_000));
    act(() => first.result.current.setAnswer({ text: 'Half an essay' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    first.unmount();

    vi.setSystemTime(START + 24 * 60 * 60 * 1000);
    const second = setup(store);
    expect(second.result.current.answer).toEqual({ text: 'Half an essay' });
    expect(second.result.current.elapsedSeconds()).toBe(90);
  });

  it('works the same under StrictMode’s double mounting', () => {
    const store = createMemoryDraftStore();
    store.save('practice:7', { answer: { text: 'half' }, elapsedSeconds: 30, savedAt: START });
    const { result, unmount } = renderHook(
      () => useAnswerDraft<Text>({ key: 'practice:7', emptyAnswer: empty, store }),
      { wrapper: StrictMode },
    );
    expect(result.current.answer).toEqual({ text: 'half' });
    expect(result.current.elapsedSeconds()).toBe(30);

    act(() => result.current.setAnswer({ text: 'half and more' }));
    act(() => vi.advanceTimersByTime(500));
    expect(saved(store)).toMatchObject({ answer: { text: 'half and more' }, elapsedSeconds: 30.5 });
    act(() => result.current.clear());
    unmount();
    expect(saved(store)).toBeNull();
  });

  describe('with an asynchronous store', () => {
    function asyncStore(draft: DraftRecord | null) {
      const inner = createMemoryDraftStore();
      let resolve: (value: DraftRecord | null) => void = () => {};
      const store: DraftStore = {
        get: () =>
          new Promise<DraftRecord | null>((done) => {
            resolve = done;
          }),
        save: (key, value) => Promise.resolve(inner.save(key, value)),
        clear: (key) => Promise.resolve(inner.clear(key)),
      };
      return { store, inner, answer: () => resolve(draft) };
    }
    const draft = { answer: { text: 'from the server' }, elapsedSeconds: 120, savedAt: START };

    it('restores the draft once the store answers', async () => {
      const { store, answer } = asyncStore(draft);
      const { result } = setup(store);
      expect(result.current.isRestoring).toBe(true);
      expect(result.current.answer).toEqual({ text: '' });
      act(() => vi.advanceTimersByTime(3_000));

      await act(async () => answer());
      expect(result.current.isRestoring).toBe(false);
      expect(result.current.answer).toEqual({ text: 'from the server' });
      expect(result.current.restored).toBe(true);
      // The seconds waited for the store count as well.
      expect(result.current.elapsedSeconds()).toBe(123);
    });

    it('does not overwrite what the learner typed meanwhile', async () => {
      const { store, answer, inner } = asyncStore(draft);
      const { result } = setup(store);
      act(() => result.current.setAnswer({ text: 'typed first' }));

      await act(async () => answer());
      expect(result.current.answer).toEqual({ text: 'typed first' });
      expect(result.current.restored).toBe(false);
      act(() => vi.advanceTimersByTime(500));
      expect(inner.get('practice:7')).toMatchObject({ answer: { text: 'typed first' } });
    });
  });

  it('never throws into the page when the store throws or rejects', async () => {
    const failing: DraftStore = {
      get: () => {
        throw new Error('broken');
      },
      save: () => Promise.reject(new Error('offline')),
      clear: () => {
        throw new Error('broken');
      },
    };
    const { result, unmount } = setup(failing);
    expect(result.current.answer).toEqual({ text: '' });
    act(() => result.current.setAnswer({ text: 'typed' }));
    await act(async () => vi.advanceTimersByTime(500));
    act(() => result.current.clear());
    unmount();

    const rejecting: DraftStore = { ...failing, get: () => Promise.reject(new Error('offline')) };
    const second = setup(rejecting);
    await act(async () => {});
    expect(second.result.current.isRestoring).toBe(false);
    expect(second.result.current.answer).toEqual({ text: '' });
  });
});
