import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressThrottle } from './progress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress every second (spec §9)', () => {
  it('reports the first figure at once, then the latest at most once an interval', () => {
    const reports: number[] = [];
    const throttle = new ProgressThrottle(1000, (loaded) => reports.push(loaded));
    throttle.update(10);
    expect(reports).toEqual([10]);
    throttle.update(20);
    throttle.update(30);
    expect(reports).toEqual([10]);
    vi.advanceTimersByTime(1000);
    expect(reports).toEqual([10, 30]);
    // A quiet interval ends the cooldown: the next figure goes out at once.
    vi.advanceTimersByTime(1000);
    throttle.update(40);
    expect(reports).toEqual([10, 30, 40]);
  });

  it('flushes a waiting figure when the task stops, and nothing after', () => {
    const reports: number[] = [];
    const throttle = new ProgressThrottle(1000, (loaded) => reports.push(loaded));
    throttle.update(1);
    throttle.update(99);
    throttle.flush();
    expect(reports).toEqual([1, 99]);
    vi.advanceTimersByTime(5000);
    expect(reports).toEqual([1, 99]);
  });
});
