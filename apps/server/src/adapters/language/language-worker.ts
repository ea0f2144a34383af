/**
 * A language worker thread: loads the speller's dictionaries and the Harper grammar checker once,
 * then checks one text at a time. Every error is caught and sent back as a short message; the
 * pool then replaces this worker, because Harper's linter refuses every later call once it has
 * panicked ("recursive use of an object detected").
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { createLanguageTools } from '@ninety/scoring/language-tools';
import type { WorkerMemory } from '../../lib/worker-pool';
import type { FromWorker, ToWorker } from './protocol';

const MAX_MESSAGE = 300;
const port = (() => {
  if (!parentPort) throw new Error('language-worker must run in a worker thread');
  return parentPort;
})();

/**
 * Harper prints a panic's message and a stack with console.error: kept (the first lines) to
 * explain the failure in the reply, rather than printed on the server's stderr.
 */
const printed: string[] = [];
console.error = (...parts: unknown[]) => {
  const lines = parts.map(String).join(' ').split('\n');
  printed.push(...lines.filter((line) => line.trim() && !line.startsWith('    at ')).slice(0, 3));
  printed.splice(0, printed.length - 3);
};

const short = (error: unknown) => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const said = printed.splice(0).join(' | ');
  return `${text}${said ? ` (${said})` : ''}`.slice(0, MAX_MESSAGE);
};

const send = (message: FromWorker) => port.postMessage(message);

// Harper's WebAssembly memory lives outside the JavaScript heap: V8 counts it as external.
const memory = (): WorkerMemory => {
  const heap = getHeapStatistics();
  return { wasmBytes: heap.external_memory, jsHeapBytes: heap.used_heap_size };
};

async function main() {
  const started = performance.now();
  const tools = await createLanguageTools();
  // Harper builds its spelling index on the first unknown word (~1.5 s): here, not in a learner's
  // check, which would otherwise take that long after every start or replacement.
  await tools.check('A warm-up sentense.');
  send({ type: 'ready', memory: memory(), loadMs: performance.now() - started });

  // One check at a time: the pool sends the next only after this one's reply.
  port.on('message', ({ id, task }: ToWorker) => {
    tools.check(task.text, task.knownWords).then(
      (result) => send({ type: 'done', id, result, memory: memory() }),
      (error: unknown) => send({ type: 'error', id, message: short(error), memory: memory() }),
    );
  });
}

main().catch((error: unknown) => send({ type: 'failed-to-start', message: short(error) }));
