import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { QueueConnection } from '../../db/client';
import type { JobHandler, JobOutcome, JobPolicy, JobQueue, SendOptions } from './job-queue';

/** Someone queued a job of the queue named in the payload: wake the workers that take it. */
const QUEUED_CHANNEL = 'ninety_job_queued';
/** A job ended (payload `<queue>:<id>`): wake whoever waits for it. */
const ENDED_CHANNEL = 'ninety_job_ended';

export interface PgBossQueueOptions {
  connection: QueueConnection;
  /**
   * How often an idle worker looks for jobs when no notification woke it (a notification can be
   * lost with a dropped connection); jobs queued normally start at once.
   */
  pollingSeconds: number;
  /** How often expired jobs are failed (and so retried) and ended ones archived. */
  maintenanceSeconds: number;
  /** Run the cron schedules in this process (pg-boss keeps one send per tick across the fleet). */
  schedules: boolean;
  onError: (error: unknown) => void;
}

/**
 * pg-boss 10 has no heartbeat: it fails (and so retries) a try still running `expireIn` after it
 * started, in the worker's process and in its upkeep, however alive the worker. A try slowed by a
 * busy machine, or waiting for a speech worker, is not a lost one; failing it started a second
 * decode beside the first and, three times over, left an answer unscored. So pg-boss's own
 * expiry is only a backstop (LIVE_TRY_LIMIT_SECONDS), a running try is marked alive
 * BEATS_PER_EXPIRY times per the policy's `expireInSeconds`, and a try not marked for that long
 * (its process died) is handed to pg-boss's upkeep as expired, which fails and retries it.
 */
const BEATS_PER_EXPIRY = 6;
const LIVE_TRY_LIMIT_SECONDS = 60 * 60;

/** How often a waiter re-reads its job when no notification came. */
const WAIT_POLL_MS = 1000;

const DEFINE_ATTEMPTS = 5;

/** Deadlock, serialization failure, unique violation, duplicate table. */
const COLLISIONS = new Set(['40P01', '40001', '23505', '42P07']);
const isCollision = (error: unknown) =>
  COLLISIONS.has(String((error as { code?: unknown } | null)?.code));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function reasonOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return typeof output === 'string' ? output : 'failed';
}

/**
 * The job queue on pg-boss 10 (the last major that runs on Node 20), in the product's database:
 * pg-boss's own schema `pgboss` next to ours, on PostgreSQL or PGlite through one small adapter.
 * Work and completion are announced with NOTIFY, so neither a worker nor a waiting request
 * polls in the normal case.
 */
export class PgBossQueue implements JobQueue {
  private boss: PgBoss;
  private readonly events = new EventEmitter();
  private readonly workers = new Map<string, string[]>();
  /** Each defined queue's policy expiry: a try not marked alive for this long is lost. */
  private readonly expiries = new Map<string, number>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly unlisten: (() => Promise<void>)[] = [];
  private stopping = false;

  constructor(private readonly options: PgBossQueueOptions) {
    this.events.setMaxListeners(0);
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.options.connection.executeSql(text, values) },
      schedule: this.options.schedules,
      supervise: true,
      maintenanceIntervalSeconds: this.options.maintenanceSeconds,
      migrate: true,
      // Ended jobs stay readable for a day (a page may poll for a result), then are archived.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 24 * 60 * 60,
    });
    boss.on('error', this.options.onError);
    return boss;
  }

  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.start();
        break;
      } catch (error) {
        // Processes starting together on a database without pg-boss's schema both create it;
        // the one that lost finds it made when it starts again.
        if (attempt >= DEFINE_ATTEMPTS || !isCollision(error)) throw error;
        await sleep(50 + Math.random() * 250);
        // pg-boss will not start twice: a fresh instance tries again.
        this.boss = this.createBoss();
      }
    }
    this.sweeper = setInterval(
      () => void this.expireLostTries().catch(this.options.onError),
      this.options.maintenanceSeconds * 1000,
    );
    this.sweeper.unref();
    this.unlisten.push(
      await this.options.connection.listen(QUEUED_CHANNEL, (name) => this.wake(name)),
      await this.options.connection.listen(ENDED_CHANNEL, (key) => this.events.emit(key)),
    );
  }

  async define(name: string, policy: JobPolicy): Promise<void> {
    const queue = {
      name,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: Math.max(policy.expireInSeconds, LIVE_TRY_LIMIT_SECONDS),
    };
    this.expiries.set(name, policy.expireInSeconds);
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, queue);
        else await this.boss.createQueue(name, queue);
        return;
      } catch (error) {
        // The processes of a fleet start together: two creating one queue collide (a deadlock,
        // a duplicate), and the one that lost finds the queue made when it looks again.
        if (attempt >= DEFINE_ATTEMPTS || !isCollision(error)) throw error;
        await sleep(50 + Math.random() * 250);
      }
    }
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    const id = await this.boss.send(name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    if (id) {
      this.wake(name);
      await this.options.connection.executeSql('select pg_notify($1, $2)', [QUEUED_CHANNEL, name]);
    }
    return id;
  }

  private wake(name: string): void {
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
  }

  async work<Data, Output>(
    name: string,
    concurrency: number,
    handler: JobHandler<Data, Output>,
  ): Promise<void> {
    const ids = this.workers.get(name) ?? [];
    this.workers.set(name, ids);
    // pg-boss 10 runs one job at a time per worker: concurrency is that many workers.
    for (let index = 0; index < concurrency; index++) {
      ids.push(
        await this.boss.work<Data>(
          name,
          { pollingIntervalSeconds: this.options.pollingSeconds, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const heartbeat = this.heartbeat(name, job.id);
            // The job is ended here rather than by pg-boss after the handler returns, so that
            // the notification is sent after its state is written.
            try {
              const output = await handler(job.data, { id: job.id, retryCount: job.retryCount });
              clearInterval(heartbeat);
              await this.boss.complete(name, job.id, output as object);
            } catch (error) {
              clearInterval(heartbeat);
              await this.boss.fail(name, job.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
            this.events.emit(`${name}:${job.id}`);
            await this.options.connection
              .executeSql('select pg_notify($1, $2)', [ENDED_CHANNEL, `${name}:${job.id}`])
              .catch(this.options.onError);
          },
        ),
      );
    }
  }

  /** Marks a running job alive (its start moved to now) until the interval is cleared. */
  private heartbeat(name: string, id: string): NodeJS.Timeout {
    const expireInSeconds = this.expiries.get(name) ?? 60;
    const timer = setInterval(
      () => {
        this.options.connection
          .executeSql(
            `update pgboss.job set started_on = now() where name = $1 and id = $2 and state = 'active'`,
            [name, id],
          )
          .catch(this.options.onError);
      },
      Math.max(250, (expireInSeconds * 1000) / BEATS_PER_EXPIRY),
    );
    timer.unref();
    return timer;
  }

  /**
   * Tries not marked alive within their queue's expiry look expired to pg-boss's upkeep (their
   * start moved back past its backstop), which fails and retries them under its own lock.
   */
  private async expireLostTries(): Promise<void> {
    for (const [name, seconds] of this.expiries) {
      await this.options.connection.executeSql(
        `update pgboss.job set started_on = now() - make_interval(secs => $3)
         where name = $1 and state = 'active' and started_on < now() - make_interval(secs => $2)`,
        [name, seconds, 2 * LIVE_TRY_LIMIT_SECONDS],
      );
    }
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async outcome<Output>(name: string, id: string): Promise<JobOutcome<Output>> {
    const job = await this.boss.getJobById<object>(name, id);
    if (!job) return { state: 'missing' };
    switch (job.state) {
      case 'completed':
        return { state: 'completed', output: job.output as Output };
      case 'failed':
      case 'cancelled':
        return { state: 'failed', reason: reasonOf(job.output) };
      default:
        return { state: 'pending' };
    }
  }

  async waitFor<Output>(name: string, id: string, timeoutMs: number): Promise<JobOutcome<Output>> {
    const deadline = Date.now() + timeoutMs;
    const key = `${name}:${id}`;
    for (;;) {
      // Listen before reading, so an end between the read and the wait is not missed.
      let wake = () => undefined as void;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      this.events.once(key, wake);
      try {
        const outcome = await this.outcome<Output>(name, id);
        const left = deadline - Date.now();
        if (outcome.state !== 'pending' || left <= 0 || this.stopping) return outcome;
        await Promise.race([woken, sleep(Math.min(left, WAIT_POLL_MS))]);
      } finally {
        this.events.off(key, wake);
      }
    }
  }

  async waitingCount(names: readonly string[]): Promise<number> {
    const sizes = await Promise.all(
      names.map((name) => this.boss.getQueueSize(name, { before: 'active' })),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  async forget(names: readonly string[], field: string, value: string): Promise<number> {
    let removed = 0;
    for (const table of ['job', 'archive']) {
      const { rows } = await this.options.connection.executeSql(
        `with gone as (delete from pgboss.${table} where name = any($1) and data ->> $2 = $3 returning 1)
         select count(*)::int as n from gone`,
        [names, field, value],
      );
      removed += Number(rows[0]?.['n'] ?? 0);
    }
    return removed;
  }

  async remove(name: string, id: string): Promise<void> {
    await this.boss.deleteJob(name, id);
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.all(this.unlisten.map((unlisten) => unlisten().catch(() => undefined)));
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}
