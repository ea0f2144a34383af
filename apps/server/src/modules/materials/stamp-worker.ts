/**
 * A stamping worker thread: stamps one buyer's copy at a time (pdf-lib) and hands the bytes back,
 * so a large or hostile PDF parses and saves off the queue worker's main thread, where a slow one
 * would hold every other job and request of the process. Errors go back as a short message.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { PoolReply, PoolRequest, WorkerMemory } from '../../lib/worker-pool';
import { watermarked } from './materials-pdf';
import type { StampTask } from './stamp-in-worker';

const port = (() => {
  if (!parentPort) throw new Error('stamp-worker must run in a worker thread');
  return parentPort;
})();

const memory = (): WorkerMemory => {
  const heap = getHeapStatistics();
  return { wasmBytes: 0, jsHeapBytes: heap.used_heap_size };
};

const send = (message: PoolReply<Uint8Array>, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

port.on('message', ({ id, task }: PoolRequest<StampTask>) => {
  watermarked(task.source, task.mark).then(
    // The copy's bytes move to the main thread rather than being copied.
    (result) =>
      send({ type: 'done', id, result, memory: memory() }, [result.buffer as ArrayBuffer]),
    (error: unknown) =>
      send({
        type: 'error',
        id,
        message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
        memory: memory(),
      }),
  );
});
send({ type: 'ready', memory: memory(), loadMs: 0 });
