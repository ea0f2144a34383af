/**
 * The job queue: work that must leave the request (scoring a recording or an essay) or run on a
 * schedule (cleaning up abandoned uploads), kept as rows in the product's own database so that
 * any process can take it, a crash loses nothing and a restart resumes it. One implementation,
 * pg-boss, runs on PostgreSQL and on the embedded PGlite alike (pg-boss-queue.ts).
 */

/** A job's retry policy: how often it is tried again, and how long one try may run. */
export interface JobPolicy {
  /** Tries after the first one before the job is failed for good ("could not be scored"). */
  retryLimit: number;
  /** Seconds before the first retry; each later retry waits about twice as long. */
  retryDelaySeconds: number;
  /**
   * A try whose process has not marked it alive for this long is failed (and retried): its
   * process is presumed dead. A try that is alive may run longer (up to the queue's backstop).
   */
  expireInSeconds: number;
}

/** Where a job stands, as a waiting request or a polling page sees it. */
export type JobOutcome<Output> =
  | { state: 'pending' }
  | { state: 'completed'; output: Output }
  /** Every try failed: the reason the last one gave. */
  | { state: 'failed'; reason: string }
  | { state: 'missing' };

export interface JobContext {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
}

export type JobHandler<Data, Output> = (data: Data, job: JobContext) => Promise<Output>;

export interface SendOptions {
  /**
   * The job's id. A second send with the same id adds nothing and says so (null): a retried
   * request does not queue its work twice.
   */
  id?: string;
  /** Start no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobQueue {
  /** Installs or updates the queue's tables and starts its upkeep (expiry, retention). */
  start(): Promise<void>;
  /** Declares a queue and its policy (idempotent); every process that sends or works calls it. */
  define(name: string, policy: JobPolicy): Promise<void>;
  /** Queues a job; returns its id, or null when a job with the given id exists already. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Takes jobs of `name` in this process, `concurrency` at a time, until `stop`. */
  work<Data, Output>(
    name: string,
    concurrency: number,
    handler: JobHandler<Data, Output>,
  ): Promise<void>;
  /** Runs `name` with `data` on the cron schedule (one process of the fleet sends it). */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  outcome<Output>(name: string, id: string): Promise<JobOutcome<Output>>;
  /** Resolves when the job has ended or `timeoutMs` has passed (then the outcome is pending). */
  waitFor<Output>(name: string, id: string, timeoutMs: number): Promise<JobOutcome<Output>>;
  /** Jobs waiting to start (queued or waiting for a retry) in these queues. */
  waitingCount(names: readonly string[]): Promise<number>;
  /**
   * Removes every job of these queues, in any state and archived, whose data has `field` equal to
   * `value`: a deleted learner's answers do not stay in the queue's tables.
   */
  forget(names: readonly string[], field: string, value: string): Promise<number>;
  /** Forgets a failed job, so that the same id can be sent again. */
  remove(name: string, id: string): Promise<void>;
  /** Stops taking jobs and lets running ones finish (up to `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
}
