import { describe, expect, it } from 'vitest';
import { partCountOf, partRange, runPool, withRetries } from './slices';

const MB5 = 5 * 1024 * 1024;

describe('slices', () => {
  it('cuts a file into 5 MB parts, the last one shorter', () => {
    expect(partCountOf(1, MB5)).toBe(1);
    expect(partCountOf(MB5, MB5)).toBe(1);
    expect(partCountOf(MB5 + 1, MB5)).toBe(2);
    expect(partCountOf(0, MB5)).toBe(1);
    expect(partRange(1, MB5, 12 * 1024 * 1024)).toEqual([0, MB5]);
    expect(partRange(3, MB5, 12 * 1024 * 1024)).toEqual([2 * MB5, 12 * 1024 * 1024]);
  });
});

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runPool', () => {
  it('runs at most three at a time, in order, and starts the next as one ends', async () => {
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const pool = runPool([0, 1, 2, 3, 4], 3, (index) => {
      started.push(index);
      return gates[index]!.promise;
    });
    await flush();
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    await expect(pool).resolves.toBeUndefined();
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts nothing new after a failure, waits for the running ones, and rejects with the first failure', async () => {
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let settled = false;
    const pool = runPool([0, 1, 2, 3, 4], 2, (index) => {
      started.push(index);
      return gates[index]!.promise;
    }).finally(() => {
      settled = true;
    });
    await flush();
    gates[0]!.reject(new Error('part 1 refused'));
    await flush();
    expect(settled).toBe(false);
    gates[1]!.resolve();
    await expect(pool).rejects.toThrow('part 1 refused');
    expect(started).toEqual([0, 1]);
  });
});

describe('withRetries', () => {
  it('tries twice more on a passing failure, then gives up with the last error', async () => {
    let calls = 0;
    const result = withRetries(
      async () => {
        calls += 1;
        throw new Error(`try ${calls}`);
      },
      2,
      () => true,
    );
    await expect(result).rejects.toThrow('try 3');
    expect(calls).toBe(3);
  });

  it('stops at once on a final failure and returns a later success', async () => {
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls += 1;
          throw new Error('refused');
        },
        2,
        () => false,
      ),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
    let attempts = 0;
    await expect(
      withRetries(
        async (index) => {
          attempts += 1;
          if (index === 0) throw new Error('5xx');
          return 'etag';
        },
        2,
        () => true,
      ),
    ).resolves.toBe('etag');
    expect(attempts).toBe(2);
  });
});
