/**
 * The soundswallower speech engine: a pool of worker threads (design §6, speech-engine.md §7.1).
 * Each worker loads the model once (~0.3–0.6 s) and decodes one job at a time; jobs wait in one
 * queue. A job that runs past its timeout has its worker terminated and replaced. Workers are
 * retired after a number of jobs, or once their memory passes a bound, because WebAssembly
 * memory never shrinks (gotcha 8): a 40 s unpruned alignment leaves the heap at ~150–200 MB.
 * The pool itself is lib/worker-pool.ts; what jobs a recording becomes is speech-jobs.ts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EngineOutcome } from '@ninety/scoring';
import { WorkerPool, type WorkerPoolErrorCode, type WorkerStats } from '../../lib/worker-pool';
import { serverRoot } from '../../paths';
import {
  SpeechEngineError,
  type AlignOptions,
  type JobOptions,
  type SpeechEngine,
  type SpotKeywordsOptions,
} from './engine';
import type { JobResult, SpeechTask, WorkerInit } from './protocol';
import {
  alignReading,
  countingPool,
  runWhole,
  spotKeywordsInPieces,
  type ReadingCounts,
  type SpeechPool,
} from './speech-jobs';
import { SPEECH_SAMPLE_RATE } from './wav';

/** The vendored model (scripts/speech-model/vendor-model.sh), absolute with a trailing slash. */
export const DEFAULT_MODEL_BASE = `${path.join(serverRoot, 'speech-model')}${path.sep}`;
export const DEFAULT_MODEL_NAME = 'en-us16';

export interface SpeechPoolOptions {
  workers: number;
  /** Every job's time limit starts here… */
  jobTimeoutMs: number;
  /**
   * …and grows by this much per second of the audio it decodes (issue 18, finding 12: a 116 s
   * answer took 25 s against a fixed 30 s). Default DEFAULT_JOB_MS_PER_AUDIO_SECOND.
   */
  jobTimeoutMsPerAudioSecond?: number;
  recycleAfterJobs: number;
  /** Retire a worker once its WebAssembly plus JavaScript heap passes this many MB. */
  maxWorkerMb: number;
  /**
   * Jobs allowed to wait for a worker; one more is refused at once with 'busy' rather than
   * left to time out in a queue the workers cannot clear. Unbounded when not given.
   */
  maxQueued?: number;
  /** Align long readings in two halves (speech-jobs.ts); off only to compare with the whole. */
  splitReadings?: boolean;
  /**
   * Readings searched with reduced-vowel variants and competing words (issue 15, decode.ts);
   * off only to compare with the search on the reading's words alone.
   */
  readingAlternatives?: boolean;
  /** The competitors' prior and commonest rank when not decode.ts's: trials only (bench). */
  competitorTrial?: WorkerInit['competitorTrial'];
  /** More settings for the main decoder (`{"ds": 2}`): trials only (bench). */
  decoderTrial?: WorkerInit['decoderTrial'];
  modelBase?: string;
  modelName?: string;
}

export type SpeechWorkerStats = WorkerStats;

/**
 * Decoding slower than real time means a stuck worker, not a long answer: a whole 40 s reading
 * decodes in 2–10 s (RTF 0.05–0.25), keyword pieces at RTF ≤ 0.5 even on a busy machine.
 */
export const DEFAULT_JOB_MS_PER_AUDIO_SECOND = 1000;

/** A job's time limit: the fixed part plus a share proportional to the audio it decodes. */
export function speechJobTimeoutMs(
  task: Pick<SpeechTask, 'samples'>,
  baseMs: number,
  perAudioSecondMs: number = DEFAULT_JOB_MS_PER_AUDIO_SECOND,
): number {
  return Math.round(baseMs + (task.samples.length / SPEECH_SAMPLE_RATE) * perAudioSecondMs);
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

/** The pool's failures as the engine's: a worker that cannot start or decode is an engine error. */
function speechError(code: WorkerPoolErrorCode, message: string): SpeechEngineError {
  const engineCode = code === 'failed-to-start' || code === 'task-failed' ? 'engine-error' : code;
  return new SpeechEngineError(engineCode, message);
}

export class SpeechWorkerPool implements SpeechEngine {
  private readonly workers: WorkerPool<SpeechTask, JobResult>;
  private readonly pool: SpeechPool;
  /**
   * Long readings aligned in two halves, those of them cut off by the time limit, and those whose
   * halves did not meet (then aligned whole).
   */
  readonly readings: ReadingCounts = { inHalves: 0, cutOff: 0, halvesDidNotMeet: 0 };

  constructor(private readonly options: SpeechPoolOptions) {
    const init: WorkerInit = {
      modelBase: options.modelBase ?? DEFAULT_MODEL_BASE,
      modelName: options.modelName ?? DEFAULT_MODEL_NAME,
      ...(options.readingAlternatives === false ? { readingAlternatives: false } : {}),
      ...(options.competitorTrial ? { competitorTrial: options.competitorTrial } : {}),
      ...(options.decoderTrial ? { decoderTrial: options.decoderTrial } : {}),
    };
    this.workers = new WorkerPool({
      workers: options.workers,
      entry: workerEntry(),
      workerData: init,
      taskTimeoutMs: (task) =>
        speechJobTimeoutMs(task, options.jobTimeoutMs, options.jobTimeoutMsPerAudioSecond),
      recycleAfterTasks: options.recycleAfterJobs,
      maxWorkerMb: options.maxWorkerMb,
      ...(options.maxQueued === undefined ? {} : { maxQueued: options.maxQueued }),
      name: 'speech',
      error: speechError,
    });
    this.pool = countingPool(this.workers, options.workers);
  }

  align(
    samples: Float32Array,
    referenceText: string,
    options: AlignOptions = {},
  ): Promise<EngineOutcome> {
    return alignReading(this.pool, samples, referenceText, {
      ...options,
      splitReadings: this.options.splitReadings !== false,
      readings: this.readings,
    });
  }

  spotKeywords(
    samples: Float32Array,
    keywords: readonly string[],
    options: SpotKeywordsOptions = {},
  ): Promise<EngineOutcome> {
    return spotKeywordsInPieces(this.pool, samples, keywords, options);
  }

  matchAnswers(
    samples: Float32Array,
    acceptedAnswers: readonly string[],
    options: JobOptions = {},
  ): Promise<EngineOutcome> {
    return runWhole(
      this.pool,
      samples,
      { kind: 'answers', acceptedAnswers: [...acceptedAnswers] },
      options.signal,
    );
  }

  /** Workers started over the pool's life (replacements included). */
  get started(): number {
    return this.workers.started;
  }

  /** Jobs waiting for a worker (not counting those decoding). */
  get queued(): number {
    return this.workers.queued;
  }

  /** The last start-up failure, if workers cannot load the model. */
  get lastStartFailure(): string | null {
    return this.workers.lastStartFailure;
  }

  async warmUp(): Promise<void> {
    await this.workers.whenReady();
    if (!this.workers.anyReady) {
      throw new SpeechEngineError(
        'engine-error',
        `speech workers failed to start: ${this.workers.lastStartFailure ?? 'closed'}`,
      );
    }
  }

  /** Resolves once every worker has loaded the model (the bench and tests warm the pool). */
  whenReady(): Promise<void> {
    return this.workers.whenReady();
  }

  stats(): SpeechWorkerStats[] {
    return this.workers.stats();
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}
