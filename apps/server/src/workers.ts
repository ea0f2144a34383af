import type { JobPolicy } from './adapters/queue/job-queue';
import { removeEndedRateLimitWindows } from './adapters/rate-limit/database-rate-limit-store';
import type { AppContext } from './app-context';
import { purgePendingObjectDeletions } from './modules/account/account.service';
import { attemptsContext, scoringJobHandler } from './modules/attempts/attempts.service';
import {
  discardAbandonedPapers,
  mockContext,
  removeUnclaimedRecordingUploads,
  settleScoringPapers,
} from './modules/mock/mock.service';
import {
  defineScoringQueues,
  workScoringQueues,
  type ScoringJobHandler,
} from './modules/attempts/scoring-jobs';
import { abortAbandonedUploads } from './modules/uploads/uploads.service';
import {
  materialsDeps,
  registerMaterialProduct,
  STAMP_POLICY,
  STAMP_QUEUE,
  stampCopy,
  type StampJob,
} from './modules/materials/materials.service';
import {
  closeExpiredOrders,
  deliverLateNotification,
  ordersDeps,
  reconcileOrders,
  SANDBOX_LATE_NOTIFICATION_QUEUE,
  type LateNotificationJob,
} from './modules/orders/orders.service';

/** The orders' jobs with every kind for sale known: a jobs-only process registers no routes. */
function ordersOf(context: AppContext) {
  registerMaterialProduct(context);
  return ordersDeps(context);
}

/**
 * The periodic jobs: clean-ups that must happen whether or not anyone asks, run by one worker of
 * the fleet at each tick (pg-boss sends one job per tick whatever the number of processes).
 * Each is safe to run twice, and one that fails is tried once more, then at the next tick.
 */
const PERIODIC: readonly {
  name: string;
  /** Cron, in UTC. */
  cron: string;
  run: (context: AppContext) => Promise<unknown>;
}[] = [
  {
    // Uploads a browser started and never finished: their parts are not objects, and cost space.
    name: 'abort-abandoned-uploads',
    cron: '*/15 * * * *',
    run: (context) => abortAbandonedUploads(context),
  },
  {
    // Objects of deleted accounts that a crash or the store's trouble left behind.
    name: 'purge-object-deletions',
    cron: '*/5 * * * *',
    run: (context) => purgePendingObjectDeletions(context),
  },
  {
    // Mock papers whose scoring ended while nobody was reading them become ready (their report
    // is built), and answers the queue refused when it was full are queued again.
    name: 'settle-scoring-mock-papers',
    cron: '* * * * *',
    run: (context) => settleScoringPapers(mockContext(context)),
  },
  {
    // Mock papers left unfinished for longer than they may be resumed (72 h).
    name: 'discard-abandoned-mock-papers',
    cron: '23 * * * *',
    run: (context) => discardAbandonedPapers(context, context.clock.now()),
  },
  {
    // Mock recordings uploaded and never claimed by a submit (and claimed ones' rows), once no
    // paper can claim them (72 h + a day).
    name: 'remove-unclaimed-mock-recordings',
    cron: '41 * * * *',
    run: (context) => removeUnclaimedRecordingUploads(context),
  },
  {
    // Unpaid orders past their expiry close (the provider is asked first: paid is never lost).
    name: 'close-expired-orders',
    cron: '* * * * *',
    run: (context) => closeExpiredOrders(ordersOf(context)),
  },
  {
    // "付款了但订单一直待支付": orders sent to pay and not notified are asked about, and paid
    // orders whose fulfilment failed are fulfilled.
    name: 'reconcile-orders',
    cron: '* * * * *',
    run: (context) => reconcileOrders(ordersOf(context)),
  },
  {
    name: 'remove-ended-rate-limit-windows',
    cron: '17 * * * *',
    run: (context) => removeEndedRateLimitWindows(context.db),
  },
];

const PERIODIC_POLICY: JobPolicy = { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 300 };

/**
 * Declares the queues every process sends to (API servers and scoring workers alike), and the
 * schedules of the periodic jobs.
 */
export async function defineQueues(context: AppContext): Promise<void> {
  await defineScoringQueues(context.queue, context.scoring.policies);
  // Buyers' 资料 copies, stamped once per order and file (materials.service).
  await context.queue.define(STAMP_QUEUE, STAMP_POLICY);
  // The sandbox's late payment notifications (orders.service): tried again if refused.
  await context.queue.define(SANDBOX_LATE_NOTIFICATION_QUEUE, {
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 60,
  });
  for (const job of PERIODIC) {
    await context.queue.define(job.name, PERIODIC_POLICY);
    await context.queue.schedule(job.name, job.cron);
  }
}

/**
 * A try that failed is logged with its reason: the queue keeps only the last try's, and a mock
 * report says only that the item could not be scored. Each try's start is logged at debug.
 */
function loggedFailures(context: AppContext, handler: ScoringJobHandler): ScoringJobHandler {
  return async (data, job) => {
    // Which process took which try (debug): how a paper's answers spread over a fleet's workers.
    context.log.debug(
      { job: job.id, kind: data.kind, itemId: data.itemId, retryCount: job.retryCount },
      'scoring try started',
    );
    try {
      return await handler(data, job);
    } catch (error) {
      context.log.warn(
        {
          job: job.id,
          kind: data.kind,
          itemId: data.itemId,
          retryCount: job.retryCount,
          lastTry: job.lastTry,
          reason: error instanceof Error ? error.message : String(error),
          // The engine's own reason (a time limit, a full queue, a crashed worker).
          cause:
            error instanceof Error && error.cause instanceof Error ? error.cause.message : null,
        },
        'scoring try failed',
      );
      throw error;
    }
  };
}

/**
 * Makes this process a worker: it takes recordings (two per speech engine thread) and writing
 * answers from the queue, and runs the periodic jobs. The API server does this itself when
 * WORKERS_IN_PROCESS is on; `npm run worker` (worker.ts) is a process that does only this.
 */
export async function startWorkers(context: AppContext): Promise<void> {
  // Two recordings per speech engine thread: one decodes while the next is read and prepared,
  // so the threads never wait for the queue.
  const recordings = 2 * context.config.SPEECH_WORKERS;
  await workScoringQueues(
    context.queue,
    context.scoring.policies,
    { recordings, writings: context.config.WRITING_WORKERS },
    loggedFailures(context, scoringJobHandler(attemptsContext(context))),
  );
  // One at a time: a burst of first downloads waits its turn here, not on the request threads.
  await context.queue.work<StampJob, { key: string }>(STAMP_QUEUE, 1, (data) =>
    stampCopy(materialsDeps(context), data),
  );
  await context.queue.work<LateNotificationJob, { status: number }>(
    SANDBOX_LATE_NOTIFICATION_QUEUE,
    1,
    (data) => deliverLateNotification(ordersOf(context), data),
  );
  for (const job of PERIODIC) {
    await context.queue.work(job.name, 1, async () => {
      const outcome = await job.run(context);
      context.log.info({ job: job.name, outcome }, 'periodic job done');
      return { outcome };
    });
  }
}
