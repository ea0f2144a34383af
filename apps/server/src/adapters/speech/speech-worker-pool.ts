/**
 * The soundswallower speech engine: a pool of worker threads (design §6, speech-engine.md §7.1).
 * Each worker loads the model once (~0.3–0.6 s) and decodes one job at a time; jobs wait in one
 * queue. A job that runs past its timeout has its worker terminated and replaced. Workers are
 * retired after a number of jobs, or once their memory passes a bound, because WebAssembly
 * memory never shrinks (gotcha 8): a 40 s unpruned alignment leaves the heap at ~150–200 MB.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EngineOutcome } from '@ninety/scoring';
import { serverRoot } from '../../paths';
import type { JobResult } from './decode';
import { normaliseWords } from './normalise';
import { KEEP_SILENCE_SECONDS, preprocess } from './preprocess';
import { KEYWORD_SPLIT, READING_SPLIT, planReadingSplit, splitAtPauses } from './split';
import { SPEECH_SAMPLE_RATE } from './wav';
import {
  SpeechEngineError,
  type AlignOptions,
  type JobOptions,
  type SpeechEngine,
  type SpotKeywordsOptions,
} from './engine';
import type { FromWorker, SpeechJob, ToWorker, WorkerInit, WorkerMemory } from './protocol';

/** The vendored model (scripts/speech-model/vendor-model.sh), absolute with a trailing slash. */
export const DEFAULT_MODEL_BASE = `${path.join(serverRoot, 'speech-model')}${path.sep}`;
export const DEFAULT_MODEL_NAME = 'en-us16';
/** A recording that ran to the limit but whose speech ended this long before it was finished. */
const CUT_OFF_MAX_TRAILING_SILENCE_SECONDS = 1;

export interface SpeechPoolOptions {
  workers: number;
  jobTimeoutMs: number;
  recycleAfterJobs: number;
  /** Retire a worker once its WebAssembly plus JavaScript heap passes this many MB. */
  maxWorkerMb: number;
  /**
   * Jobs allowed to wait for a worker; one more is refused at once with 'busy' rather than
   * left to time out in a queue the workers cannot clear. Unbounded when not given.
   */
  maxQueued?: number;
  /** Align long readings in two halves (split.ts); off only to compare with the whole. */
  splitReadings?: boolean;
  modelBase?: string;
  modelName?: string;
}

export interface SpeechWorkerStats {
  ready: boolean;
  jobs: number;
  memory: WorkerMemory | null;
  loadMs: number | null;
}

interface Pending {
  id: number;
  samples: Float32Array;
  job: SpeechJob;
  preparedOffsetSeconds: number | undefined;
  resolve: (result: JobResult) => void;
  reject: (error: Error) => void;
  /** Detaches the abort listener once the job has left the queue. */
  release: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  jobs: number;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  memory: WorkerMemory | null;
  loadMs: number | null;
  /** Set once the pool has let this worker go; its late events are ignored. */
  gone: boolean;
}

/**
 * Under tsx or Vitest this module is TypeScript beside speech-worker.ts: the worker then starts
 * from a small bootstrap that registers tsx's loader before importing it (a worker's execArgv
 * cannot carry `--import` on Node 20). In the production bundle this module is part of
 * dist/server.mjs and the worker is its second entry point, dist/speech-worker.mjs (build.mjs).
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./speech-worker.mjs', here), eval: false };
  // tsx's ESM API, next to its main entry (dist/loader.mjs), which skips worker threads.
  const tsxDist = path.dirname(createRequire(here).resolve('tsx'));
  const tsxApi = pathToFileURL(path.join(tsxDist, 'esm/api/index.mjs')).href;
  const worker = new URL('./speech-worker.ts', here).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}

function abortedError(): SpeechEngineError {
  return new SpeechEngineError('aborted', 'the speech job was cancelled before it started');
}

function closedError(): SpeechEngineError {
  return new SpeechEngineError('closed', 'the speech engine has been closed');
}

/** One piece of a prepared recording, sent to a worker as it is. */
interface PreparedPiece {
  samples: Float32Array;
  job: SpeechJob;
  offsetSeconds: number;
}

/**
 * The pieces of one answer as one timeline. A piece the decoder could not read adds nothing, as
 * if it were garbage; the answer fails only when no piece could be read.
 */
function joinPieces(outcomes: readonly EngineOutcome[], audioSeconds: number): EngineOutcome {
  const read = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.alignment] : []));
  const [first] = read;
  if (!first) return outcomes[0] ?? { ok: false, reason: 'decode-failed' };
  return {
    ok: true,
    alignment: {
      mode: first.mode,
      retried: read.some((alignment) => alignment.retried),
      audioSeconds: Math.round(audioSeconds * 1000) / 1000,
      words: read.flatMap((alignment) => alignment.words),
    },
  };
}

export class SpeechWorkerPool implements SpeechEngine {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly init: WorkerInit;
  private readonly entry = workerEntry();
  private nextId = 1;
  private closed = false;
  private startFailure: string | null = null;
  private readyWaiters: (() => void)[] = [];
  /** Workers started over the pool's life (replacements included). */
  started = 0;
  /**
   * Long readings aligned in two halves, those of them cut off by the time limit, and those whose
   * halves did not meet (then aligned whole).
   */
  readonly readings = { inHalves: 0, cutOff: 0, halvesDidNotMeet: 0 };

  constructor(private readonly options: SpeechPoolOptions) {
    if (options.workers < 1) throw new RangeError('a speech pool needs at least one worker');
    this.init = {
      modelBase: options.modelBase ?? DEFAULT_MODEL_BASE,
      modelName: options.modelName ?? DEFAULT_MODEL_NAME,
    };
    for (let i = 0; i < options.workers; i += 1) this.spawn();
  }

  /**
   * A long reading (READING_SPLIT.minSeconds or more) is cut at a pause near the middle of its
   * speech and its halves aligned side by side (split.ts): a 40 s Read Aloud took ~2.6 s whole.
   * The halves' grammars leave the words around the estimated cut open; when the halves do not
   * meet exactly (a word at the cut read by both, or by neither), or a half cannot be decoded,
   * the reading is aligned whole; so it is when the queue has room for one job but not two.
   * A reading the time limit cut off may end at any word of its second half, which is then
   * marked as stopped early, as the whole reading's fallback grammar would.
   */
  async align(
    samples: Float32Array,
    referenceText: string,
    options: AlignOptions = {},
  ): Promise<EngineOutcome> {
    const { signal } = options;
    const job: SpeechJob = { kind: 'align', referenceText };
    this.checkRoom(1, signal);
    // Short ones are preprocessed in the worker, off the main thread.
    if (
      this.options.splitReadings === false ||
      samples.length < READING_SPLIT.minSeconds * SPEECH_SAMPLE_RATE
    ) {
      return (await this.enqueue(samples, job, signal, undefined)).outcome;
    }
    const prepared = preprocess(samples);
    if (!prepared.ok) return prepared;
    const whole = async () =>
      (await this.enqueue(prepared.samples, job, signal, prepared.offsetSeconds)).outcome;
    // Cut off means still speaking when the clock stopped: a reading that ended in silence a
    // second or more before the limit was finished, and keeps the balanced, quicker halves.
    const speechEnd =
      prepared.offsetSeconds + prepared.samples.length / SPEECH_SAMPLE_RATE - KEEP_SILENCE_SECONDS;
    const cutOff =
      (options.cutOff ?? false) &&
      samples.length / SPEECH_SAMPLE_RATE - speechEnd < CUT_OFF_MAX_TRAILING_SILENCE_SECONDS;
    const plan = planReadingSplit(prepared.samples, normaliseWords(referenceText), cutOff);
    if (!plan || !this.hasRoom(2)) return whole();
    const { windowFrom, windowTo } = plan;
    const halves = this.decodePieces(
      [
        {
          samples: prepared.samples.slice(0, plan.cut),
          job: { ...job, part: { side: 'head', windowFrom, windowTo } },
          offsetSeconds: prepared.offsetSeconds,
        },
        {
          samples: prepared.samples.slice(plan.cut),
          job: {
            ...job,
            part: { side: 'tail', windowFrom, windowTo, cutOff },
          },
          offsetSeconds: prepared.offsetSeconds + plan.cut / SPEECH_SAMPLE_RATE,
        },
      ],
      signal,
    ).catch((error: unknown) => {
      // A half the worker could not decode (say, a grammar the engine refused) is not the
      // recording's fault: the whole reading may still be aligned. Anything else stands.
      if (error instanceof SpeechEngineError && error.code === 'engine-error') return [];
      throw error;
    });
    const [head, tail] = await halves;
    this.readings.inHalves += 1;
    if (cutOff) this.readings.cutOff += 1;
    if (!head?.read || !tail?.read || head.read.to !== tail.read.from) {
      this.readings.halvesDidNotMeet += 1;
      return whole();
    }
    const joined = joinPieces(
      [head.outcome, tail.outcome],
      prepared.samples.length / SPEECH_SAMPLE_RATE,
    );
    if (!joined.ok || tail.read.to === tail.read.known) return joined;
    return { ok: true, alignment: { ...joined.alignment, stoppedEarly: true } };
  }

  /**
   * Keyword spotting is cut at the answer's pauses (split.ts) and the pieces decoded side by side
   * on the pool's workers: a 40 s answer took ~17 s and a 900 MB heap in one piece, ~9 s in pieces.
   * The recording is preprocessed here once, so the pieces share its checks and its timeline.
   */
  async spotKeywords(
    samples: Float32Array,
    keywords: readonly string[],
    options: SpotKeywordsOptions = {},
  ): Promise<EngineOutcome> {
    const job: SpeechJob = {
      kind: 'keywords',
      keywords: [...keywords],
      ...(options.functionWords ? { functionWords: [...options.functionWords] } : {}),
    };
    // Refused before the preprocessing, which is the main thread's work.
    this.checkRoom(1, options.signal);
    const prepared = preprocess(samples);
    if (!prepared.ok) return prepared;
    const pieces = splitAtPauses(prepared.samples, KEYWORD_SPLIT);
    this.checkRoom(pieces.length, options.signal);
    const results = await this.decodePieces(
      pieces.map((piece) => ({
        // slice, not subarray: a view would post the whole recording to the worker.
        samples: prepared.samples.slice(piece.start, piece.end),
        job,
        offsetSeconds: prepared.offsetSeconds + piece.start / SPEECH_SAMPLE_RATE,
      })),
      options.signal,
    );
    return joinPieces(
      results.map((result) => result.outcome),
      prepared.samples.length / SPEECH_SAMPLE_RATE,
    );
  }

  matchAnswers(
    samples: Float32Array,
    acceptedAnswers: readonly string[],
    options: JobOptions = {},
  ): Promise<EngineOutcome> {
    return this.submit(
      samples,
      { kind: 'answers', acceptedAnswers: [...acceptedAnswers] },
      options.signal,
    );
  }

  /** Jobs waiting for a worker (not counting those decoding). */
  get queued(): number {
    return this.queue.length;
  }

  async warmUp(): Promise<void> {
    await this.whenReady();
    if (!this.slots.some((slot) => slot.ready)) {
      throw new SpeechEngineError(
        'engine-error',
        `speech workers failed to start: ${this.startFailure ?? 'closed'}`,
      );
    }
  }

  /** Resolves once every worker has loaded the model (the bench and tests warm the pool). */
  whenReady(): Promise<void> {
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  stats(): SpeechWorkerStats[] {
    return this.slots.map(({ ready, jobs, memory, loadMs }) => ({ ready, jobs, memory, loadMs }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      pending.release();
      pending.reject(closedError());
    }
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.current) slot.current.reject(closedError());
        return this.dismiss(slot);
      }),
    );
    for (const waiter of this.readyWaiters.splice(0)) waiter();
  }

  private async submit(
    samples: Float32Array,
    job: SpeechJob,
    signal: AbortSignal | undefined,
  ): Promise<EngineOutcome> {
    this.checkRoom(1, signal);
    return (await this.enqueue(samples, job, signal, undefined)).outcome;
  }

  /** Pieces of one recording side by side; one that fails fails all, and the rest are dropped. */
  private async decodePieces(
    pieces: readonly PreparedPiece[],
    signal: AbortSignal | undefined,
  ): Promise<JobResult[]> {
    const together = new AbortController();
    const stop = () => together.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      return await Promise.all(
        pieces.map((piece) =>
          this.enqueue(piece.samples, piece.job, together.signal, piece.offsetSeconds).catch(
            (error: unknown) => {
              together.abort();
              throw error;
            },
          ),
        ),
      );
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Throws unless `jobs` more can be queued now (closed, cancelled, or the queue full). */
  private checkRoom(jobs: number, signal: AbortSignal | undefined): void {
    if (this.closed) throw closedError();
    if (signal?.aborted) throw abortedError();
    if (!this.hasRoom(jobs)) {
      throw new SpeechEngineError('busy', `${this.queue.length} speech jobs are already waiting`);
    }
  }

  /** Whether the queue takes `jobs` more; an answer in pieces counts whole (half refused helps no one). */
  private hasRoom(jobs: number): boolean {
    const { maxQueued } = this.options;
    if (maxQueued === undefined) return true;
    const idle = this.slots.filter((slot) => slot.ready && !slot.current && !slot.gone).length;
    return this.queue.length + jobs - idle <= Math.max(maxQueued, jobs - idle);
  }

  private enqueue(
    samples: Float32Array,
    job: SpeechJob,
    signal: AbortSignal | undefined,
    preparedOffsetSeconds: number | undefined,
  ): Promise<JobResult> {
    if (this.closed) return Promise.reject(closedError());
    if (signal?.aborted) return Promise.reject(abortedError());
    // Workers that failed to start are retried when work arrives.
    while (this.slots.length < this.options.workers) this.spawn();
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        samples,
        job,
        preparedOffsetSeconds,
        resolve,
        reject,
        release: () => signal?.removeEventListener('abort', onAbort),
      };
      const onAbort = () => {
        const index = this.queue.indexOf(pending);
        if (index < 0) return;
        this.queue.splice(index, 1);
        pending.release();
        reject(abortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  private spawn(): void {
    const worker = new Worker(this.entry.script, {
      eval: this.entry.eval,
      workerData: this.init,
      // The engine writes to stderr through printErr, which the worker already captures.
      stderr: false,
    });
    this.started += 1;
    const slot: Slot = {
      worker,
      ready: false,
      jobs: 0,
      current: null,
      timer: null,
      memory: null,
      loadMs: null,
      gone: false,
    };
    this.slots.push(slot);
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onCrash(slot, error.message));
    worker.on('exit', (code) => this.onCrash(slot, `worker exited with code ${code}`));
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (slot.gone) return;
    switch (message.type) {
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
              new SpeechEngineError(
                'engine-error',
                `speech worker failed to start: ${message.message}`,
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
        if (message.type === 'done')
          pending.resolve({
            outcome: message.outcome,
            ...(message.read ? { read: message.read } : {}),
          });
        else pending.reject(new SpeechEngineError('engine-error', message.message));
        const mb = (message.memory.wasmBytes + message.memory.jsHeapBytes) / (1024 * 1024);
        if (slot.jobs >= this.options.recycleAfterJobs || mb > this.options.maxWorkerMb)
          this.replace(slot);
        this.pump();
        return;
      }
    }
  }

  private onCrash(slot: Slot, reason: string): void {
    if (slot.gone) return;
    // A worker that dies before it is ready would die again: no restart loop.
    if (!slot.ready) {
      this.onMessage(slot, { type: 'failed-to-start', message: reason });
      return;
    }
    const pending = slot.current;
    this.finish(slot);
    pending?.reject(new SpeechEngineError('worker-exited', `speech worker stopped: ${reason}`));
    this.replace(slot);
    this.pump();
  }

  private finish(slot: Slot): void {
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
      slot.timer = setTimeout(() => this.onTimeout(slot), this.options.jobTimeoutMs);
      const message: ToWorker = {
        id: pending.id,
        samples: pending.samples,
        job: pending.job,
        ...(pending.preparedOffsetSeconds === undefined
          ? {}
          : { preparedOffsetSeconds: pending.preparedOffsetSeconds }),
      };
      slot.worker.postMessage(message);
    }
  }

  private onTimeout(slot: Slot): void {
    const pending = slot.current;
    this.finish(slot);
    pending?.reject(
      new SpeechEngineError(
        'timeout',
        `speech job took longer than ${this.options.jobTimeoutMs} ms`,
      ),
    );
    this.replace(slot);
    this.pump();
  }

  /** Lets a worker go and starts a fresh one in its place. */
  private replace(slot: Slot): void {
    this.remove(slot);
    if (!this.closed) this.spawn();
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void this.dismiss(slot);
  }

  private async dismiss(slot: Slot): Promise<void> {
    slot.gone = true;
    if (slot.timer) clearTimeout(slot.timer);
    await slot.worker.terminate();
  }

  /** The last start-up failure, if workers cannot load the model. */
  get lastStartFailure(): string | null {
    return this.startFailure;
  }
}
