/**
 * The writing scorer's language tools (the Hunspell speller and the Harper grammar checker) in a
 * pool of worker threads, behind the same `LanguageTools` interface as the in-process tools, so
 * that a check never runs on the thread that answers requests (or runs the queue's jobs): a long
 * or hostile text used to hold every request for seconds, and one that made Harper panic broke
 * writing scoring for everyone until a restart (issue 18, findings 1 and 2).
 *
 * Each worker loads the tools once (~1 s, ~250 MB) and checks one text at a time. A check gets a
 * time limit that grows with the text's length; one that runs past it, or fails, has its worker
 * replaced by a fresh one (a panicked linter is poisoned for good). A check that fails because of
 * the tools is an error for the caller, never a score without findings. The pool starts on first
 * use; app.ts warms it at start and closes it with the server.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCode } from '@ninety/contract';
import type { LanguageCheck } from '@ninety/scoring';
import type { LanguageTools } from '@ninety/scoring/language-tools';
import { AppError } from '../../lib/app-error';
import { WorkerPool, type WorkerPoolErrorCode, type WorkerStats } from '../../lib/worker-pool';
import type { LanguageTask } from './protocol';

export interface LanguagePoolOptions {
  workers: number;
  /** A check's time limit: this much, plus `checkTimeoutMsPer1000Chars` per 1,000 characters. */
  checkTimeoutMs: number;
  checkTimeoutMsPer1000Chars: number;
  recycleAfterChecks: number;
  /** Retire a worker once its WebAssembly plus JavaScript heap passes this many MB. */
  maxWorkerMb: number;
  /** Checks allowed to wait for a worker; more are refused at once as busy (50300). */
  maxQueued: number;
}

/**
 * A check the tools could not finish (busy, timed out, crashed, closed): 50300 for a request,
 * and for a scoring job a failure to retry or to report as "could not be scored". `reason` says
 * which; the English detail is the error's cause, for the log.
 */
export class LanguageToolsError extends AppError {
  constructor(
    readonly reason: WorkerPoolErrorCode,
    detail: string,
  ) {
    super(
      ErrorCode.Unavailable,
      reason === 'busy' ? '写作评分排队的人太多，请稍后再提交' : '写作评分暂时出错，请稍后再提交',
      undefined,
      { cause: new Error(detail) },
    );
    this.name = 'LanguageToolsError';
  }
}

/**
 * Under tsx or Vitest this module is TypeScript beside language-worker.ts: the worker starts from
 * a small bootstrap that registers tsx's loader first (as the speech pool does). In the
 * production bundle the worker is its own entry point, dist/language-worker.mjs (build.mjs).
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./language-worker.mjs', here), eval: false };
  const tsxDist = path.dirname(createRequire(here).resolve('tsx'));
  const tsxApi = pathToFileURL(path.join(tsxDist, 'esm/api/index.mjs')).href;
  const worker = new URL('./language-worker.ts', here).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}

export class LanguageWorkerPool implements LanguageTools {
  private readonly pool: WorkerPool<LanguageTask, LanguageCheck>;
  private inFlight = 0;

  constructor(options: LanguagePoolOptions) {
    this.pool = new WorkerPool<LanguageTask, LanguageCheck>({
      workers: options.workers,
      entry: workerEntry(),
      taskTimeoutMs: (task) =>
        options.checkTimeoutMs +
        Math.ceil((task.text.length / 1000) * options.checkTimeoutMsPer1000Chars),
      recycleAfterTasks: options.recycleAfterChecks,
      maxWorkerMb: options.maxWorkerMb,
      maxQueued: options.maxQueued,
      retireOnTaskError: true,
      name: 'language check',
      error: (reason, detail) => new LanguageToolsError(reason, detail),
    });
  }

  check(text: string, knownWords: Iterable<string> = []): Promise<LanguageCheck> {
    try {
      // Refused at once when the queue is full, rather than left to time out in it.
      this.pool.checkRoom(1);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.inFlight += 1;
    return this.pool.run({ text, knownWords: [...knownWords] }).finally(() => {
      this.inFlight -= 1;
    });
  }

  /** Checks asked for and not yet answered (queued or running). */
  get checking(): number {
    return this.inFlight;
  }

  /** Resolves once every worker has loaded the tools; rejects when none could. */
  async warmUp(): Promise<void> {
    await this.pool.whenReady();
    if (!this.pool.anyReady) {
      throw new LanguageToolsError(
        'failed-to-start',
        `language workers failed to start: ${this.pool.lastStartFailure ?? 'closed'}`,
      );
    }
  }

  /** Workers started over the pool's life (replacements included). */
  get started(): number {
    return this.pool.started;
  }

  /** Checks waiting for a worker (not counting those running). */
  get queued(): number {
    return this.pool.queued;
  }

  stats(): WorkerStats[] {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The language tools as the app holds them: started on first use, warmed and closed by app.ts. */
export interface LanguageWorkers {
  /** The tools (AppContext.languageTools); starts the workers on the first call. */
  tools(): Promise<LanguageTools>;
  /** Starts the workers now and resolves once they have loaded the tools. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** A pool created on first use, so an app that never scores writing never starts a worker. */
export function lazyLanguageWorkers(create: () => LanguageWorkerPool): LanguageWorkers {
  let pool: LanguageWorkerPool | null = null;
  let closed = false;
  const get = () => {
    if (closed) throw new LanguageToolsError('closed', 'the language tools have been closed');
    pool ??= create();
    return pool;
  };
  return {
    tools: async () => get(),
    warmUp: async () => get().warmUp(),
    close: async () => {
      closed = true;
      await pool?.close();
    },
  };
}
