/** Messages between the language-tool pool (main thread) and a language worker. */
import type { LanguageCheck } from '@ninety/scoring';
import type { PoolReply, PoolRequest } from '../../lib/worker-pool';

/** One check, as the pool hands it to a worker. */
export interface LanguageTask {
  text: string;
  knownWords: string[];
}

export type ToWorker = PoolRequest<LanguageTask>;
export type FromWorker = PoolReply<LanguageCheck>;
