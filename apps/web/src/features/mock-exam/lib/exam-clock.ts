import { useEffect, useState } from 'react';

/**
 * The exam's clock is the server's: it answers how many seconds remain, and the page only counts
 * them down from the moment that answer arrived. A reload asks again, so it cannot add time; the
 * request's own latency is lost to the learner rather than gained.
 */

/** The local instant (epoch ms) at which `remainingSeconds`, read at `receivedAt`, runs out. */
export function deadlineOf(remainingSeconds: number, receivedAt: number): number {
  return receivedAt + Math.max(0, remainingSeconds) * 1000;
}

/** Whole seconds left until `deadline` at `now`, rounded up (0:01 shows until the last instant). */
export function secondsLeftAt(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `mm:ss`, or `h:mm:ss` from one hour on. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** Under five minutes the test's timer turns red (next-features §1.2). */
export const LOW_TIME_SECONDS = 5 * 60;

/**
 * When a clock turns red: a section's under five minutes; an item's own clock (a speaking item
 * has one or two minutes in all) only in its last quarter, or it would be red from the start.
 */
export function lowTimeSecondsOf(itemSeconds: number | null): number {
  return itemSeconds === null ? LOW_TIME_SECONDS : Math.min(LOW_TIME_SECONDS, itemSeconds / 4);
}

export interface ExamClock {
  secondsLeft: number;
  text: string;
  isLow: boolean;
}

export function examClockAt(
  deadline: number,
  now: number,
  lowSeconds = LOW_TIME_SECONDS,
): ExamClock {
  const secondsLeft = secondsLeftAt(deadline, now);
  return { secondsLeft, text: formatClock(secondsLeft), isLow: secondsLeft < lowSeconds };
}

/** How often the clock looks at the time; the display changes only when a whole second passes. */
const CLOCK_POLL_MS = 200;

/** The clock of a deadline, read from the wall clock (not counted down); null without one. */
export function useExamClock(
  deadline: number | null,
  lowSeconds = LOW_TIME_SECONDS,
): ExamClock | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const at = Date.now();
      // Only a change of whole seconds renders again.
      setNow((before) =>
        secondsLeftAt(deadline, before) === secondsLeftAt(deadline, at) ? before : at,
      );
      if (at >= deadline) clearInterval(timer);
    };
    // A new deadline (a new reading from the server) is read against the time now at once.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, CLOCK_POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  if (deadline === null) return null;
  return examClockAt(deadline, now, lowSeconds);
}
