/**
 * What the engine tests of issue 15 share: clips made at test time by two synthesis engines
 * (the orderings must hold on more than one voice), a real worker pool, and a clip scored as the
 * server scores a recording (speechRecordingScorer).
 */
import { readFileSync } from 'node:fs';
import type { Item } from '@ninety/contract';
import { afterAll, beforeAll } from 'vitest';
import { speechFixturesRequired } from '../../../../test/speech-fixtures';
import { SpeechWorkerPool } from '../../../adapters/speech/speech-worker-pool';
import * as F from '../../../adapters/speech/test-support/fixtures';
import { speechRecordingScorer } from '../recording-scorer';

export const twoEnginesAvailable = F.speechToolsAvailable() && F.fliteAvailable();
if (!twoEnginesAvailable && speechFixturesRequired())
  throw new Error('espeak-ng, flite and sox are required (apt-get install espeak-ng flite sox)');

export const TWO_ENGINE_VOICES: F.ClipSpec[] = [
  { text: '', engine: 'espeak-ng', voice: 'en-us' },
  { text: '', engine: 'flite', voice: 'slt' },
];

/** A two-worker pool for the describe block it is called in; the getter reads it in tests. */
export function useScoringPool(jobTimeoutMs: number): () => SpeechWorkerPool {
  let pool: SpeechWorkerPool | undefined;
  beforeAll(async () => {
    pool = new SpeechWorkerPool({
      workers: 2,
      jobTimeoutMs,
      recycleAfterJobs: 50,
      maxWorkerMb: 512,
    });
    await pool.whenReady();
  });
  afterAll(async () => {
    await pool?.close();
  });
  return () => {
    if (!pool) throw new Error('the pool starts in beforeAll');
    return pool;
  };
}

/** `text` spoken by `voice`, scored against `item`; throws when it was not scored. */
export async function scoreClip(
  pool: SpeechWorkerPool,
  item: Item,
  voice: F.ClipSpec,
  text: string,
) {
  const wav = readFileSync(F.clipFile({ ...voice, text }));
  const { result } = await speechRecordingScorer(pool).score(item, wav);
  if (result.kind !== 'speech' || result.unscored) throw new Error('not scored');
  const traitScore = (name: string) => result.traits.find((trait) => trait.trait === name);
  return { result, traitScore };
}
