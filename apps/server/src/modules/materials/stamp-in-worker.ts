import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkerPool, type WorkerPoolErrorCode } from '../../lib/worker-pool';
import type { Watermark } from './materials-pdf';

export interface StampTask {
  source: Uint8Array;
  mark: Watermark;
}

/**
 * CPU time one stamping may use: the committed files (under 1 MB) take a fraction of a second;
 * a file that needs this long is not one of ours (the 20 MB cap comes first, in the job).
 */
export const STAMP_CPU_LIMIT_MS = 20_000;
/** Required by the pool; irrelevant here, as each thread stamps once. */
const STAMP_WORKER_MB = 512;

/**
 * Under tsx or Vitest this module is TypeScript beside stamp-worker.ts: the worker registers
 * tsx's loader before importing it. In the production bundle the worker is its own entry point,
 * dist/stamp-worker.mjs (build.mjs), beside server.mjs and worker.mjs.
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: new URL('./stamp-worker.mjs', here), eval: false };
  const tsxDist = path.dirname(createRequire(here).resolve('tsx'));
  const tsxApi = pathToFileURL(path.join(tsxDist, 'esm/api/index.mjs')).href;
  const worker = new URL('./stamp-worker.ts', here).href;
  return {
    script: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}

const stampError = (code: WorkerPoolErrorCode, message: string) =>
  new Error(`stamping ${code}: ${message}`);

/**
 * Stamps a buyer's copy on a worker thread of its own, started for this copy and ended after it:
 * copies are stamped once per (order, file), one at a time by the queue, so a thread kept alive
 * would idle, and one that ends with its job leaves nothing for shutdown to close. A stamping past
 * its CPU limit has its thread terminated and the job fails (the queue tries it again).
 */
export async function stampInWorker(
  task: StampTask,
  cpuLimitMs: number = STAMP_CPU_LIMIT_MS,
): Promise<Uint8Array> {
  const pool = new WorkerPool<StampTask, Uint8Array>({
    workers: 1,
    entry: workerEntry(),
    taskTimeoutMs: cpuLimitMs,
    // Never recycled: the pool is closed after its one task (a recycle would start a thread).
    recycleAfterTasks: Number.MAX_SAFE_INTEGER,
    maxWorkerMb: STAMP_WORKER_MB,
    maxQueued: 1,
    name: 'stamp',
    error: stampError,
  });
  try {
    return await pool.run(task);
  } finally {
    await pool.close();
  }
}
