import createModule from 'soundswallower';
import { DEFAULT_MODEL_BASE, DEFAULT_MODEL_NAME } from '../speech-worker-pool';

/**
 * The speech engine's WebAssembly module in this thread, with the vendored model and its log
 * silenced: for tests and scripts that drive decoders directly, not through the worker pool.
 */
export function loadSpeechModule(): ReturnType<typeof createModule> {
  return createModule({
    modelBase: DEFAULT_MODEL_BASE,
    defaultModel: DEFAULT_MODEL_NAME,
    print: () => {},
    printErr: () => {},
  } as Parameters<typeof createModule>[0]);
}
