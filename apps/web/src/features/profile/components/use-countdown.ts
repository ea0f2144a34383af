import { useEffect, useState } from 'react';

/**
 * Seconds left before another code may be sent (spec §9: 60 s), starting from `initial` (the wait
 * the server answered when the field appeared). A busy page ticks late, never early.
 */
export function useCountdown(initial = 0): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
