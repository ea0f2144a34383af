/** Slicing a file into parts, running parts side by side, and retrying one part. */

/** Parts of a file of `size` bytes in slices of `partSize` (at least one part). */
export const partCountOf = (size: number, partSize: number) =>
  Math.max(1, Math.ceil(size / partSize));

/** `[start, end)` of part `partNumber` (from 1). */
export function partRange(partNumber: number, partSize: number, size: number): [number, number] {
  const start = (partNumber - 1) * partSize;
  return [start, Math.min(size, start + partSize)];
}

/**
 * Runs `worker` over `items`, at most `concurrency` at a time, in order. After the first failure
 * no new item starts; the ones running finish (the caller aborts them), then it rejects with that
 * first failure.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await worker(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * Calls `attempt` until it succeeds, up to `retries` more times when `shouldRetry` says the
 * failure may pass (a network error, a 5xx, an expired URL); other failures are final at once.
 */
export async function withRetries<T>(
  attempt: (attemptIndex: number) => Promise<T>,
  retries: number,
  shouldRetry: (error: unknown) => boolean,
): Promise<T> {
  for (let index = 0; ; index += 1) {
    try {
      return await attempt(index);
    } catch (error) {
      if (index >= retries || !shouldRetry(error)) throw error;
    }
  }
}
