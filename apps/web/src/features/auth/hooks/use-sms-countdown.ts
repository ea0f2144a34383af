import { SMS_RESEND_SECONDS } from '@ninety/contract';
import { useCallback, useEffect, useState } from 'react';

export interface SmsCountdown {
  /** Seconds left; 0 when the send button is available. */
  seconds: number;
  isCounting: boolean;
  start: () => void;
  reset: () => void;
}

/** The send button's wait after a send (spec §4: 60 s, reset on a send error or at zero). */
export function useSmsCountdown(total: number = SMS_RESEND_SECONDS): SmsCountdown {
  const [seconds, setSeconds] = useState(0);
  // Counted against the clock, so that a throttled background tab still ends on time.
  const [deadline, setDeadline] = useState<number>();

  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setDeadline(undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => {
    setDeadline(Date.now() + total * 1000);
    setSeconds(total);
  }, [total]);
  const reset = useCallback(() => {
    setDeadline(undefined);
    setSeconds(0);
  }, []);
  return { seconds, isCounting: seconds > 0, start, reset };
}
