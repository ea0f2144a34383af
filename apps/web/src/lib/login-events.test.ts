import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_LOGIN_TTL_MS,
  onLoginRequested,
  requestLogin,
  resetLoginRequests,
} from './login-events';

const flushMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  resetLoginRequests();
  vi.useRealTimers();
});

describe('login requests', () => {
  it('reach every listener with their delay', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onLoginRequested(first);
    const stopSecond = onLoginRequested(second);
    requestLogin({ delayMs: 500 });
    requestLogin();
    expect(first.mock.calls).toEqual([[{ delayMs: 500 }], [{}]]);
    expect(second).toHaveBeenCalledTimes(2);
    stopFirst();
    requestLogin();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(3);
    stopSecond();
  });

  it('made before anyone listens, go to the first listener, with the delay left', async () => {
    vi.useFakeTimers();
    requestLogin({ delayMs: 500 });
    vi.advanceTimersByTime(200);
    const listener = vi.fn();
    const stop = onLoginRequested(listener);
    await flushMicrotasks();
    expect(listener).toHaveBeenCalledExactlyOnceWith({ delayMs: 300 });

    const late = vi.fn();
    const stopLate = onLoginRequested(late);
    await flushMicrotasks();
    expect(late).not.toHaveBeenCalled();
    stop();
    stopLate();
  });

  it('survive a listener that unsubscribes at once (a development double mount)', async () => {
    requestLogin();
    const dropped = vi.fn();
    onLoginRequested(dropped)();
    const kept = vi.fn();
    const stop = onLoginRequested(kept);
    await flushMicrotasks();
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledExactlyOnceWith({ delayMs: 0 });
    stop();
  });

  it('are dropped when nobody took them over in time', async () => {
    vi.useFakeTimers();
    requestLogin();
    vi.advanceTimersByTime(PENDING_LOGIN_TTL_MS);
    const listener = vi.fn();
    const stop = onLoginRequested(listener);
    await flushMicrotasks();
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});
