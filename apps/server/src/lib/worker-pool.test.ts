/**
 * The generic pool with a tiny worker written inline (no model to load), so queueing, timeouts,
 * restarts and recycling are checked in milliseconds. The speech engine's own tests
 * (adapters/speech/speech-engine.test.ts) check the same through soundswallower.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, type WorkerPoolErrorCode, type WorkerPoolOptions } from './worker-pool';

class PoolError extends Error {
  constructor(
    readonly code: WorkerPoolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A task is { wait, spin?, fail?, exit? }: the worker replies after `wait` ms with the task's id,
 * or an error, or exits; `spin` keeps it busy on the CPU first for that many ms of its thread's
 * CPU time. With workerData.failToStart it never becomes ready.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const memory = () => ({ wasmBytes: 0, jsHeapBytes: 1024 });
if (workerData && workerData.failToStart) {
  parentPort.postMessage({ type: 'failed-to-start', message: 'no model' });
} else {
  parentPort.postMessage({ type: 'ready', memory: memory(), loadMs: 1 });
  const cpuMs = () => Number(require('node:fs').readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  parentPort.on('message', ({ id, task }) => {
    if (task.spin) {
      const from = cpuMs();
      while (cpuMs() - from < task.spin) {}
    }
    setTimeout(() => {
      if (task.exit) process.exit(3);
      if (task.fail) parentPort.postMessage({ type: 'error', id, message: 'bad task', memory: memory() });
      else parentPort.postMessage({ type: 'done', id, result: { echo: task.wait }, memory: memory() });
    }, task.wait);
  });
}
`;

interface Task {
  wait: number;
  spin?: number;
  fail?: boolean;
  exit?: boolean;
}

const pools: WorkerPool<Task, { echo: number }>[] = [];
function pool(options: Partial<WorkerPoolOptions<Task>> = {}) {
  const created = new WorkerPool<Task, { echo: number }>({
    workers: 1,
    entry: { script: WORKER, eval: true },
    taskTimeoutMs: 5_000,
    recycleAfterTasks: 100,
    maxWorkerMb: 100,
    name: 'test',
    error: (code, message) => new PoolError(code, message),
    ...options,
  });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('WorkerPool', () => {
  it('runs tasks and hands back their results', async () => {
    const tested = pool({ workers: 2 });
    // Both ready first, so each takes one task.
    await tested.whenReady();
    await expect(tested.runAll([{ wait: 5 }, { wait: 1 }])).resolves.toEqual([
      { echo: 5 },
      { echo: 1 },
    ]);
    expect(tested.stats().map((worker) => worker.jobs)).toEqual([1, 1]);
  });

  it('rejects with the caller’s error when a task fails, and keeps the worker', async () => {
    const tested = pool();
    await expect(tested.run({ wait: 1, fail: true })).rejects.toMatchObject({
      code: 'task-failed',
      message: 'bad task',
    });
    await expect(tested.run({ wait: 1 })).resolves.toEqual({ echo: 1 });
    expect(tested.started).toBe(1);
  });

  it('replaces a worker whose task times out or that exits', async () => {
    const tested = pool({ taskTimeoutMs: 300 });
    await expect(tested.run({ wait: 1, spin: 60_000 })).rejects.toMatchObject({ code: 'timeout' });
    await expect(tested.run({ wait: 1, exit: true })).rejects.toMatchObject({
      code: 'worker-exited',
    });
    await expect(tested.run({ wait: 1 })).resolves.toEqual({ echo: 1 });
    expect(tested.started).toBe(3);
  });

  it('gives each task its own time limit when the limit is a function of the task', async () => {
    // The long task gets the short limit, so the test never waits for it.
    const tested = pool({ taskTimeoutMs: (task) => ((task.spin ?? 0) > 1_000 ? 200 : 5_000) });
    await expect(tested.run({ wait: 50 })).resolves.toEqual({ echo: 50 });
    await expect(tested.run({ wait: 1, spin: 60_000 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'test job took longer than 200 ms',
    });
    await expect(tested.run({ wait: 1 })).resolves.toEqual({ echo: 1 });
  });

  it('counts the worker’s CPU time, not time it spends waiting for a core (a busy machine)', async () => {
    // The task is off the CPU for five times its limit, as a worker is on two cores shared with
    // thirty processes: it is not stopped. The wall clock still stops one past its own bound.
    const tested = pool({ taskTimeoutMs: 100, wallTimeoutFactor: 100 });
    await expect(tested.run({ wait: 500 })).resolves.toEqual({ echo: 500 });
    await expect(tested.run({ wait: 1, spin: 60_000 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'test job took longer than 100 ms',
    });
    const stuck = pool({ taskTimeoutMs: 100, wallTimeoutFactor: 3 });
    await expect(stuck.run({ wait: 60_000 })).rejects.toMatchObject({ code: 'timeout' });
    expect(tested.started + stuck.started).toBe(4);
  });

  it('replaces a worker whose task failed when asked to (its state may be poisoned)', async () => {
    const tested = pool({ retireOnTaskError: true });
    await expect(tested.run({ wait: 1, fail: true })).rejects.toMatchObject({
      code: 'task-failed',
    });
    await expect(tested.run({ wait: 1 })).resolves.toEqual({ echo: 1 });
    expect(tested.started).toBe(2);
  });

  it('recycles a worker after its task allowance, and past its memory bound', async () => {
    const byTasks = pool({ recycleAfterTasks: 1 });
    await byTasks.run({ wait: 1 });
    await byTasks.run({ wait: 1 });
    expect(byTasks.started).toBe(3);
    const byMemory = pool({ maxWorkerMb: 0 });
    await byMemory.run({ wait: 1 });
    expect(byMemory.started).toBe(2);
  });

  it('refuses tasks beyond the queue bound as busy, counting tasks that belong together', async () => {
    const tested = pool({ maxQueued: 1 });
    await tested.whenReady();
    const running = tested.run({ wait: 100 });
    // An empty queue takes a group larger than the bound: refusing half of it helps no one.
    expect(tested.hasRoom(2)).toBe(true);
    const waiting = tested.run({ wait: 1 });
    expect(tested.queued).toBe(1);
    expect(tested.hasRoom(1)).toBe(false);
    expect(() => tested.checkRoom(1)).toThrow(
      expect.objectContaining({ code: 'busy', message: '1 test jobs are already waiting' }),
    );
    await expect(Promise.all([running, waiting])).resolves.toEqual([{ echo: 100 }, { echo: 1 }]);
  });

  it('drops a queued task whose signal aborts, and all of runAll when one fails', async () => {
    const tested = pool();
    await tested.whenReady();
    const running = tested.run({ wait: 50 });
    const left = new AbortController();
    const queued = tested.run({ wait: 1 }, left.signal);
    left.abort();
    await expect(queued).rejects.toMatchObject({ code: 'aborted' });
    expect(tested.queued).toBe(0);
    await running;
    const together = tested.runAll([{ wait: 1, fail: true }, { wait: 1 }]);
    await expect(together).rejects.toMatchObject({ code: 'task-failed' });
    expect(tested.queued).toBe(0);
  });

  it('says when no worker can start, and fails what was queued', async () => {
    const tested = pool({ workerData: { failToStart: true } });
    await tested.whenReady();
    expect(tested.anyReady).toBe(false);
    expect(tested.lastStartFailure).toBe('no model');
    await expect(tested.run({ wait: 1 })).rejects.toMatchObject({ code: 'failed-to-start' });
  });

  it('rejects running and queued tasks when closed, and new ones after', async () => {
    const tested = pool();
    await tested.whenReady();
    const running = expect(tested.run({ wait: 1_000 })).rejects.toMatchObject({ code: 'closed' });
    const queued = expect(tested.run({ wait: 1 })).rejects.toMatchObject({ code: 'closed' });
    await tested.close();
    await Promise.all([running, queued]);
    await expect(tested.run({ wait: 1 })).rejects.toMatchObject({ code: 'closed' });
    expect(() => tested.checkRoom(1)).toThrow(expect.objectContaining({ code: 'closed' }));
  });
});
