import type { FastifyBaseLogger } from 'fastify';

/**
 * What a server loads once it is listening rather than before (the speech engine, the writing
 * language tools, the bank snapshot): start-up stays short, and GET /api/health says "warming"
 * until every task has settled. Each service still loads on first use if its task failed.
 */
export class WarmUp {
  private pending = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` now; its end (or failure, logged) is counted whatever happens. */
  start(name: string, task: () => Promise<unknown>): void {
    this.pending += 1;
    const started = performance.now();
    Promise.resolve()
      .then(task)
      .then(
        () => this.log.info({ ms: Math.round(performance.now() - started) }, `${name} ready`),
        (error: unknown) => this.log.error({ err: error }, `${name} failed to warm up`),
      )
      .finally(() => {
        this.pending -= 1;
      });
  }

  get warming(): boolean {
    return this.pending > 0;
  }
}
