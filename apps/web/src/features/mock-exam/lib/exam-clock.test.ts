import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deadlineOf,
  examClockAt,
  lowTimeSecondsOf,
  formatClock,
  secondsLeftAt,
  useExamClock,
} from './exam-clock';

describe('the exam clock counts down what the server says remains', () => {
  it('puts the deadline at the moment the answer arrived plus what remains', () => {
    expect(deadlineOf(90, 1_000_000)).toBe(1_090_000);
    // A server that says the time is over (or a negative drift) never gives time back.
    expect(deadlineOf(-5, 1_000_000)).toBe(1_000_000);
  });

  it('rounds up, so 0:01 shows until the very end, and never goes below zero', () => {
    expect(secondsLeftAt(10_000, 0)).toBe(10);
    expect(secondsLeftAt(10_000, 100)).toBe(10);
    expect(secondsLeftAt(10_000, 9_001)).toBe(1);
    expect(secondsLeftAt(10_000, 10_000)).toBe(0);
    expect(secondsLeftAt(10_000, 99_000)).toBe(0);
  });

  it.each([
    [0, '00:00'],
    [9, '00:09'],
    [65, '01:05'],
    [1_799, '29:59'],
    [3_600, '1:00:00'],
    [8_100, '2:15:00'],
  ])('shows %i s as %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });

  it('turns low under five minutes', () => {
    expect(examClockAt(300_000, 0).isLow).toBe(false);
    expect(examClockAt(299_000, 0).isLow).toBe(true);
  });

  it('turns an item’s own short clock low only in its last quarter, not from the start', () => {
    // A Read Aloud: 35 s of preparation and 40 s of answer.
    const low = lowTimeSecondsOf(75);
    expect(examClockAt(75_000, 0, low).isLow).toBe(false);
    expect(examClockAt(19_000, 0, low).isLow).toBe(false);
    expect(examClockAt(18_000, 0, low).isLow).toBe(true);
    // An essay's 20 minutes and a section's timer: the last five minutes.
    expect(lowTimeSecondsOf(1200)).toBe(300);
    expect(lowTimeSecondsOf(null)).toBe(300);
  });

  describe('useExamClock', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(1_000_000);
    });
    afterEach(() => vi.useRealTimers());

    it('ticks from the server time and a reload (a new reading) shows the same time left', () => {
      // The server said 125 s remain when its answer arrived 400 ms ago.
      const deadline = deadlineOf(125, Date.now() - 400);
      const { result } = renderHook(() => useExamClock(deadline));
      expect(result.current?.text).toBe('02:05');
      act(() => vi.advanceTimersByTime(600));
      expect(result.current?.text).toBe('02:04');
      act(() => vi.advanceTimersByTime(60_000));
      expect(result.current?.text).toBe('01:04');

      // After a reload the server's answer is what it holds now: 64 s, the same clock.
      const reloaded = renderHook(() => useExamClock(deadlineOf(64, Date.now())));
      expect(reloaded.result.current?.text).toBe('01:04');
    });

    it('stops at zero and has no clock without a deadline', () => {
      const deadline = deadlineOf(2, Date.now());
      const { result } = renderHook(() => useExamClock(deadline));
      act(() => vi.advanceTimersByTime(5_000));
      expect(result.current?.secondsLeft).toBe(0);
      expect(renderHook(() => useExamClock(null)).result.current).toBeNull();
    });
  });
});
