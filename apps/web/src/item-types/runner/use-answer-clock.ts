import { itemTypes, type ItemTypeCode } from '@ninety/contract';
import { useEffect, useState } from 'react';

/** The item's own answer time from the catalogue (SWT 10 min, WE 20 min…); null if timed by section. */
export function answerSecondsOf(code: ItemTypeCode): number | null {
  return itemTypes[code].timing.answerSeconds;
}

/**
 * Seconds left of `limitSeconds` counted from `startedAt` (epoch ms), ticking each second while
 * running; null without a limit. Read from the start time, not counted down, so an answer
 * resumed from a draft resumes its time too.
 */
export function useAnswerClock(
  startedAt: number,
  limitSeconds: number | null,
  isRunning: boolean,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  // A clock just restarted (a redo) may be ahead of the last tick: no time has passed yet.
  const elapsed = Math.max(0, Math.floor((now - startedAt) / 1000));
  const left = limitSeconds === null ? null : Math.max(0, limitSeconds - elapsed);
  useEffect(() => {
    if (!isRunning || left === null || left <= 0) return;
    // Wakes at the next whole second of the clock, so the display never lags a second behind.
    const untilNextSecond = 1000 - ((Date.now() - startedAt) % 1000);
    const timer = setTimeout(() => setNow(Date.now()), untilNextSecond);
    return () => clearTimeout(timer);
  }, [isRunning, left, now, startedAt]);
  return left;
}
