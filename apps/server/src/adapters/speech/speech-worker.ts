/**
 * A speech worker thread: loads soundswallower and the model once, then decodes jobs one at a
 * time. Every error is caught here and sent back as a short message: an uncaught one would make
 * Node print soundswallower's whole 40 KB minified line (gotcha 7).
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import createModule from 'soundswallower';
import {
  DECODER_CONFIG,
  phoneDecoderConfig,
  prepareDecoder,
  preparePhoneDecoder,
  runJob,
} from './decode';
import type { WorkerMemory } from '../../lib/worker-pool';
import type { FromWorker, ToWorker, WorkerInit } from './protocol';

const MAX_MESSAGE = 300;
const port = (() => {
  if (!parentPort) throw new Error('speech-worker must run in a worker thread');
  return parentPort;
})();
const init = workerData as WorkerInit;
/** The engine's own complaints (loglevel ERROR), kept to explain a failure. */
const engineLog: string[] = [];

const short = (error: unknown) => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const log = engineLog.splice(0).join(' | ');
  return `${text}${log ? ` (${log})` : ''}`.slice(0, MAX_MESSAGE);
};

const send = (message: FromWorker) => port.postMessage(message);

async function main() {
  const started = performance.now();
  const module = await createModule({
    modelBase: init.modelBase,
    defaultModel: init.modelName,
    print: () => {},
    printErr: (line: string) => {
      engineLog.push(line.slice(0, 120));
      if (engineLog.length > 5) engineLog.shift();
    },
  } as Parameters<typeof createModule>[0]);
  const decoder = new module.Decoder({ ...DECODER_CONFIG, ...init.decoderTrial });
  await decoder.initialize();
  prepareDecoder(
    decoder,
    module,
    init.readingAlternatives === false ? undefined : `${init.modelBase}${init.modelName}/dict.txt`,
    init.competitorTrial,
  );
  const phones = new module.Decoder(phoneDecoderConfig(`${init.modelBase}${init.modelName}`));
  await phones.initialize();
  preparePhoneDecoder(decoder, phones);
  const memory = (): WorkerMemory => ({
    wasmBytes: module.HEAPU8.buffer.byteLength,
    jsHeapBytes: getHeapStatistics().used_heap_size,
  });
  send({ type: 'ready', memory: memory(), loadMs: performance.now() - started });

  port.on('message', ({ id, task }: ToWorker) => {
    try {
      const result = runJob(decoder, task.samples, task.job, task.preparedOffsetSeconds);
      engineLog.length = 0;
      send({ type: 'done', id, result, memory: memory() });
    } catch (error) {
      send({ type: 'error', id, message: short(error), memory: memory() });
    }
  });
}

main().catch((error: unknown) => send({ type: 'failed-to-start', message: short(error) }));
