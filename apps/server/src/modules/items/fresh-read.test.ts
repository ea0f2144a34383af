import { describe, expect, it } from 'vitest';
import { FreshRead } from './fresh-read';

/** A read whose answers the test gives by hand, counting how many were started. */
function handRead() {
  const started: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const read = new FreshRead(
    () =>
      new Promise<number>((resolve, reject) => {
        started.push({ resolve, reject });
      }),
  );
  return { read, started };
}

/** Lets promise callbacks already due run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshRead', () => {
  it('starts a read at once when none is in flight', async () => {
    const { read, started } = handRead();
    const first = read.get();
    expect(started).toHaveLength(1);
    started[0]!.resolve(1);
    expect(await first).toBe(1);
    const second = read.get();
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    expect(await second).toBe(2);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const { read, started } = handRead();
    const early = read.get();
    // Asked while the first read is in flight (e.g. after an import committed): they wait for
    // the next read, which all of them share, and which starts only when the first one ends.
    const late = [read.get(), read.get(), read.get()];
    expect(started).toHaveLength(1);
    started[0]!.resolve(1);
    expect(await early).toBe(1);
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    expect(started).toHaveLength(2);
  });

  it('keeps one read in flight and one waiting however many ask', async () => {
    const { read, started } = handRead();
    const answers = [read.get()];
    for (let round = 1; round <= 3; round += 1) {
      answers.push(...Array.from({ length: 5 }, () => read.get()));
      expect(started).toHaveLength(round);
      started[round - 1]!.resolve(round);
      await settled();
    }
    started[3]!.resolve(4);
    expect(await Promise.all(answers)).toEqual([1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
  });

  it('passes a failed read to its own callers only, and still reads for those waiting', async () => {
    const { read, started } = handRead();
    const failing = read.get();
    const waiting = read.get();
    started[0]!.reject(new Error('database away'));
    await expect(failing).rejects.toThrow('database away');
    await settled();
    expect(started).toHaveLength(2);
    started[1]!.resolve(7);
    expect(await waiting).toBe(7);
  });

  it('turns a read that throws at once into a rejection', async () => {
    const read = new FreshRead<number>(() => {
      throw new Error('no connection');
    });
    await expect(read.get()).rejects.toThrow('no connection');
    await expect(read.get()).rejects.toThrow('no connection');
  });
});
