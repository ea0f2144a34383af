import { HttpError } from '../../../lib/http';

/** How long the exam waits before trying a lost call again. */
export const RETRY_DELAY_MS = 3000;

/** Whether a failure is the connection's (try again) rather than the server's refusal. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.kind === 'network' || error.kind === 'bad-response') return true;
  return error.kind === 'code' && (error.status ?? 0) >= 500;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a call until it gets through: a lost connection is retried every few seconds (reporting
 * `onConnection(false)` meanwhile), a server's refusal is thrown to the caller.
 */
export async function untilDelivered<T>(
  call: () => Promise<T>,
  onConnection: (isOnline: boolean) => void,
  delayMs = RETRY_DELAY_MS,
): Promise<T> {
  for (;;) {
    try {
      const result = await call();
      onConnection(true);
      return result;
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      onConnection(false);
      await wait(delayMs);
    }
  }
}
