/**
 * A pool of worker threads that each run one task at a time, for work too heavy for the main
 * thread (the speech engine's decoder). Tasks wait in one queue, bounded if asked, and may be
 * dropped while they wait. A task that runs past its time limit has its worker terminated and
 * replaced; the limit counts the worker thread's CPU time where the system tells it (Linux), so a
 * machine busy with other work slows a task down without failing it. Workers are retired after a number of tasks, or once their memory passes a bound,
 * because WebAssembly memory never shrinks. What the workers do is the caller's business: this
 * file knows only the messages below.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The memory a worker reports with each reply. */
export interface WorkerMemory {
  /** The WebAssembly heap (it only grows); 0 for a worker without one. */
  wasmBytes: number;
  /** The worker's JavaScript heap. */
  jsHeapBytes: number;
}

/** What the pool posts to a worker. */
export interface PoolRequest<Task> {
  id: number;
  task: Task;
}

/** What a worker posts back: once ready (or not), then one reply per request. */
export type PoolReply<Result> =
  /** Sent by the pool's own prelude (THREAD_PRELUDE) before the worker's code runs. */
  | { type: 'os-thread'; tid: number }
  | { type: 'ready'; memory: WorkerMemory; loadMs: number }
  | { type: 'failed-to-start'; message: string }
  | { type: 'done'; id: number; result: Result; memory: WorkerMemory }
  | { type: 'error'; id: number; message: string; memory: WorkerMemory };

export type WorkerPoolErrorCode =
  | 'busy'
  | 'closed'
  | 'aborted'
  | 'timeout'
  | 'worker-exited'
  /** No worker could start, so nothing queued can run. */
  | 'failed-to-start'
  /** The worker caught an error running the task and said so. */
  | 'task-failed';

export interface WorkerPoolOptions<Task = unknown> {
  workers: number;
  /** The worker's script: a file URL, or source code when `eval` is set. */
  entry: { script: string | URL; eval: boolean };
  /** Handed to every worker at start. */
  workerData?: unknown;
  /**
   * Per task when a function: work that grows with its input gets a limit that grows too. It is
   * the worker's CPU time where that can be read (Linux), else wall time: on two cores shared
   * with thirty other processes a keyword piece that needs 1.5 s of CPU took over 38 s.
   */
  taskTimeoutMs: number | ((task: Task) => number);
  /**
   * A task is also stopped once this many times its limit has passed on the wall clock, CPU or
   * not: a worker that makes no progress without using CPU is stuck too. Default 20.
   */
  wallTimeoutFactor?: number;
  recycleAfterTasks: number;
  /** Retire a worker once its WebAssembly plus JavaScript heap passes this many MB. */
  maxWorkerMb: number;
  /**
   * Tasks allowed to wait for a worker; more are refused at once with 'busy' rather than left
   * to time out in a queue the workers cannot clear. Unbounded when not given.
   */
  maxQueued?: number;
  /**
   * Replace a worker whose task failed, as after a timeout: its state may be poisoned (Harper's
   * linter refuses every later call once it has panicked).
   */
  retireOnTaskError?: boolean;
  /** Names the work in error messages ("speech" → "speech job took longer than…"). */
  name: string;
  /** Builds the errors the pool rejects with, so callers see their own error type. */
  error: (code: WorkerPoolErrorCode, message: string) => Error;
}

export interface WorkerStats {
  ready: boolean;
  /** Tasks this worker has finished. */
  jobs: number;
  memory: WorkerMemory | null;
  loadMs: number | null;
}

interface Pending<Task, Result> {
  id: number;
  task: Task;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  /** Detaches the abort listener once the task has left the queue. */
  release: () => void;
}

interface Slot<Task, Result> {
  worker: Worker;
  ready: boolean;
  jobs: number;
  current: Pending<Task, Result> | null;
  timer: NodeJS.Timeout | null;
  /** The running task's time limit, for the error message. */
  limitMs: number;
  /** Where the worker thread's CPU time is read (its schedstat), once it has said its thread. */
  cpuFile: string | null;
  /** The thread's CPU time (ms) and the wall clock when the running task started. */
  cpuAtStartMs: number | null;
  startedAtMs: number;
  memory: WorkerMemory | null;
  loadMs: number | null;
  /** Set once the pool has let this worker go; its late events are ignored. */
  gone: boolean;
}

export class WorkerPool<Task, Result> {
  private readonly slots: Slot<Task, Result>[] = [];
  private readonly queue: Pending<Task, Result>[] = [];
  private nextId = 1;
  private closed = false;
  private startFailure: string | null = null;
  private readyWaiters: (() => void)[] = [];
  /** Workers started over the pool's life (replacements included). */
  started = 0;

  constructor(private readonly options: WorkerPoolOptions<Task>) {
    if (options.workers < 1)
      throw new RangeError(`a ${options.name} pool needs at least one worker`);
    for (let i = 0; i < options.workers; i += 1) this.spawn();
  }

  /** Queues one task (unless the pool is closed or `signal` aborted) and resolves with its result. */
  run(task: Task, signal?: AbortSignal): Promise<Result> {
    if (this.closed) return Promise.reject(this.closedError());
    if (signal?.aborted) return Promise.reject(this.abortedError());
    // Workers that failed to start are retried when work arrives.
    while (this.slots.length < this.options.workers) this.spawn();
    return new Promise((resolve, reject) => {
      const pending: Pending<Task, Result> = {
        id: this.nextId++,
        task,
        resolve,
        reject,
        release: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => {
        const index = this.queue.indexOf(pending);
        if (index < 0) return;
        this.queue.splice(index, 1);
        pending.release();
        reject(this.abortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Tasks side by side; one that fails fails all, and those still queued are dropped. */
  async runAll(tasks: readonly Task[], signal?: AbortSignal): Promise<Result[]> {
    const together = new AbortController();
    const stop = () => together.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await Promise.all(
        tasks.map((task) =>
          this.run(task, together.signal).catch((error: unknown) => {
            together.abort();
            throw error;
          }),
        ),
      );
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Throws unless `tasks` more can be queued now (closed, cancelled, or the queue full). */
  checkRoom(tasks: number, signal?: AbortSignal): void {
    if (this.closed) throw this.closedError();
    if (signal?.aborted) throw this.abortedError();
    if (!this.hasRoom(tasks)) {
      throw this.options.error(
        'busy',
        `${this.queue.length} ${this.options.name} jobs are already waiting`,
      );
    }
  }

  /**
   * Whether the queue takes `tasks` more. Tasks that belong together count together: half of
   * them refused helps no one.
   */
  hasRoom(tasks: number): boolean {
    const { maxQueued } = this.options;
    if (maxQueued === undefined) return true;
    const idle = this.slots.filter((slot) => slot.ready && !slot.current && !slot.gone).length;
    return this.queue.length + tasks - idle <= Math.max(maxQueued, tasks - idle);
  }

  /** Tasks waiting for a worker (not counting those running). */
  get queued(): number {
    return this.queue.length;
  }

  /** Whether any worker has started and is ready for work. */
  get anyReady(): boolean {
    return this.slots.some((slot) => slot.ready);
  }

  /** The last start-up failure, if workers cannot start. */
  get lastStartFailure(): string | null {
    return this.startFailure;
  }

  /**
   * Resolves once every worker is ready, or once none can start (then `anyReady` is false), or
   * when the pool closes.
   */
  whenReady(): Promise<void> {
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  stats(): WorkerStats[] {
    return this.slots.map(({ ready, jobs, memory, loadMs }) => ({ ready, jobs, memory, loadMs }));
  }

  /** Stops the workers; running and queued tasks reject with 'closed'. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      pending.release();
      pending.reject(this.closedError());
    }
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.current) slot.current.reject(this.closedError());
        return this.dismiss(slot);
      }),
    );
    for (const waiter of this.readyWaiters.splice(0)) waiter();
  }

  private abortedError(): Error {
    return this.options.error(
      'aborted',
      `the ${this.options.name} job was cancelled before it started`,
    );
  }

  private closedError(): Error {
    return this.options.error('closed', `the ${this.options.name} pool has been closed`);
  }

  private spawn(): void {
    const worker = new Worker(withThreadPrelude(this.options.entry), {
      eval: true,
      workerData: this.options.workerData,
      // A worker reports its own errors in its replies; its stderr is not the pool's to print.
      stderr: false,
    });
    this.started += 1;
    const slot: Slot<Task, Result> = {
      worker,
      ready: false,
      jobs: 0,
      current: null,
      timer: null,
      limitMs: 0,
      cpuFile: null,
      cpuAtStartMs: null,
      startedAtMs: 0,
      memory: null,
      loadMs: null,
      gone: false,
    };
    this.slots.push(slot);
    worker.on('message', (message: PoolReply<Result>) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onCrash(slot, error.message));
    worker.on('exit', (code) => this.onCrash(slot, `worker exited with code ${code}`));
  }

  private onMessage(slot: Slot<Task, Result>, message: PoolReply<Result>): void {
    if (slot.gone) return;
    switch (message.type) {
      case 'os-thread': {
        const file = `/proc/self/task/${message.tid}/schedstat`;
        slot.cpuFile = threadCpuMs(file) === null ? null : file;
        return;
      }
      case 'ready':
        slot.ready = true;
        slot.memory = message.memory;
        slot.loadMs = message.loadMs;
        this.startFailure = null;
        if (this.slots.every((s) => s.ready))
          for (const waiter of this.readyWaiters.splice(0)) waiter();
        this.pump();
        return;
      case 'failed-to-start':
        this.startFailure = message.message;
        this.remove(slot);
        // The others may all be ready already: whoever waits for them need not wait for this one.
        if (this.slots.length > 0 && this.slots.every((s) => s.ready))
          for (const waiter of this.readyWaiters.splice(0)) waiter();
        // With no worker able to start, nothing queued can ever run.
        if (this.slots.length === 0) {
          for (const pending of this.queue.splice(0)) {
            pending.release();
            pending.reject(
              this.options.error(
                'failed-to-start',
                `${this.options.name} worker failed to start: ${message.message}`,
              ),
            );
          }
          for (const waiter of this.readyWaiters.splice(0)) waiter();
        }
        return;
      case 'done':
      case 'error': {
        const pending = slot.current;
        if (!pending || pending.id !== message.id) return;
        this.finish(slot);
        slot.memory = message.memory;
        slot.jobs += 1;
        if (message.type === 'done') pending.resolve(message.result);
        else pending.reject(this.options.error('task-failed', message.message));
        const mb = (message.memory.wasmBytes + message.memory.jsHeapBytes) / (1024 * 1024);
        if (
          (message.type === 'error' && this.options.retireOnTaskError) ||
          slot.jobs >= this.options.recycleAfterTasks ||
          mb > this.options.maxWorkerMb
        )
          this.replace(slot);
        this.pump();
        return;
      }
    }
  }

  private onCrash(slot: Slot<Task, Result>, reason: string): void {
    if (slot.gone) return;
    // A worker that dies before it is ready would die again: no restart loop.
    if (!slot.ready) {
      this.onMessage(slot, { type: 'failed-to-start', message: reason });
      return;
    }
    const pending = slot.current;
    this.finish(slot);
    pending?.reject(
      this.options.error('worker-exited', `${this.options.name} worker stopped: ${reason}`),
    );
    this.replace(slot);
    this.pump();
  }

  private finish(slot: Slot<Task, Result>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.current || slot.gone) continue;
      const pending = this.queue.shift();
      if (!pending) return;
      pending.release();
      slot.current = pending;
      const { taskTimeoutMs } = this.options;
      slot.limitMs =
        typeof taskTimeoutMs === 'function' ? taskTimeoutMs(pending.task) : taskTimeoutMs;
      slot.cpuAtStartMs = slot.cpuFile ? threadCpuMs(slot.cpuFile) : null;
      slot.startedAtMs = performance.now();
      slot.timer = setTimeout(() => this.checkTime(slot), slot.limitMs);
      const request: PoolRequest<Task> = { id: pending.id, task: pending.task };
      slot.worker.postMessage(request);
    }
  }

  /**
   * The running task's limit has passed on the wall clock: it has run out only if the worker has
   * used that much CPU (or the wall clock is far past it); otherwise the task was waiting for a
   * core, and is looked at again once it could have used the rest.
   */
  private checkTime(slot: Slot<Task, Result>): void {
    slot.timer = null;
    if (!slot.current) return;
    const wallMs = performance.now() - slot.startedAtMs;
    const wallLimitMs = slot.limitMs * (this.options.wallTimeoutFactor ?? DEFAULT_WALL_FACTOR);
    const cpuNowMs = slot.cpuFile ? threadCpuMs(slot.cpuFile) : null;
    if (cpuNowMs !== null && slot.cpuAtStartMs !== null && wallMs < wallLimitMs) {
      const leftMs = slot.limitMs - (cpuNowMs - slot.cpuAtStartMs);
      if (leftMs > 0) {
        const nextMs = Math.max(MIN_RECHECK_MS, Math.min(leftMs, wallLimitMs - wallMs));
        slot.timer = setTimeout(() => this.checkTime(slot), nextMs);
        return;
      }
    }
    this.onTimeout(slot);
  }

  private onTimeout(slot: Slot<Task, Result>): void {
    const pending = slot.current;
    const limitMs = slot.limitMs;
    this.finish(slot);
    pending?.reject(
      this.options.error('timeout', `${this.options.name} job took longer than ${limitMs} ms`),
    );
    this.replace(slot);
    this.pump();
  }

  /** Lets a worker go and starts a fresh one in its place. */
  private replace(slot: Slot<Task, Result>): void {
    this.remove(slot);
    if (!this.closed) this.spawn();
  }

  private remove(slot: Slot<Task, Result>): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void this.dismiss(slot);
  }

  private async dismiss(slot: Slot<Task, Result>): Promise<void> {
    slot.gone = true;
    if (slot.timer) clearTimeout(slot.timer);
    await slot.worker.terminate();
  }
}

/** How many times its limit a task may take on the wall clock while its CPU time is under it. */
const DEFAULT_WALL_FACTOR = 20;
/** The CPU time is looked at no more often than this. */
const MIN_RECHECK_MS = 50;

/**
 * Runs first in every worker: it tells the pool the worker's OS thread, whose CPU time the pool
 * then reads from /proc (nothing is said where there is no /proc: the limits are wall time).
 */
const THREAD_PRELUDE = `try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid)) {
    require('node:worker_threads').parentPort.postMessage({ type: 'os-thread', tid });
  }
} catch {}
`;

/** The worker's own code after the prelude: inline source, or its file imported. */
function withThreadPrelude(entry: { script: string | URL; eval: boolean }): string {
  if (entry.eval) return `${THREAD_PRELUDE}${String(entry.script)}`;
  const url =
    entry.script instanceof URL
      ? entry.script.href
      : pathToFileURL(path.resolve(entry.script)).href;
  return `${THREAD_PRELUDE}import(${JSON.stringify(url)});`;
}

/** A thread's CPU time in ms (the first field of schedstat is ns on a CPU), or null. */
function threadCpuMs(file: string): number | null {
  try {
    const ns = Number(readFileSync(file, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}
