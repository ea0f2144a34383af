import type { AppContext } from './app-context';
import { attemptsContext, scoringJobHandler } from './modules/attempts/attempts.service';
import { defineScoringQueues, workScoringQueues } from './modules/attempts/scoring-jobs';

/**
 * Declares the queues every process sends to (API servers and scoring workers alike).
 */
export async function defineQueues(context: AppContext): Promise<void> {
  await defineScoringQueues(context.queue, context.scoring.policies);
}

/**
 * Makes this process a scoring worker: it takes recordings (two per speech engine thread) and
 * writing answers from the queue. The API server does this itself when WORKERS_IN_PROCESS is on;
 * `npm run worker` (worker.ts) is a process that does only this.
 */
export async function startWorkers(context: AppContext): Promise<void> {
  // Two recordings per speech engine thread: one decodes while the next is read and prepared,
  // so the threads never wait for the queue.
  const recordings = 2 * context.config.SPEECH_WORKERS;
  await workScoringQueues(
    context.queue,
    context.scoring.policies,
    { recordings, writings: context.config.WRITING_WORKERS },
    scoringJobHandler(attemptsContext(context)),
  );
}
