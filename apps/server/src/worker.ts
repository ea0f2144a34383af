import Fastify from 'fastify';
import { loadConfigOrExit } from './config';
import { databaseTimeouts, openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { buildAppContext } from './services';
import { defineQueues, startWorkers } from './workers';

/**
 * A scoring worker of the fleet (`npm run worker`): a process that only takes scoring jobs from
 * the queue in PostgreSQL — recordings for the speech engine, essays for the language tools — and
 * stores their attempts. It serves no HTTP. Any number of them may run beside any number of API
 * servers started with WORKERS_IN_PROCESS=false (docs/deploy.md).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL.startsWith('postgres')) {
    // One process at a time may open a PGlite directory: the API server scores in-process there.
    console.error(
      '独立的评分进程需要 PostgreSQL（DATABASE_URL=postgres://…）。使用内置数据库（PGlite）时，npm start 已在同一进程中评分。',
    );
    process.exit(1);
  }

  // A Fastify instance that never listens: the same logger and close hooks as the API server.
  const host = Fastify({ logger: { level: config.LOG_LEVEL } });
  // The API servers migrate the schema; a worker only uses it.
  const database = await openDatabase(config.DATABASE_URL, databaseTimeouts(config));
  host.addHook('onClose', () => database.close());
  const context = await buildAppContext(config, database, host.log, { clock: systemClock });
  host.addHook('onClose', () => context.languageWorkers.close());
  host.addHook('onClose', () => context.speech.close());
  await context.queue.start();
  host.addHook('onClose', () => context.queue.stop(config.SHUTDOWN_TIMEOUT_MS));
  await defineQueues(context);
  await startWorkers(context);
  await host.ready();
  host.log.info(
    { speechWorkers: config.SPEECH_WORKERS, writingWorkers: config.WRITING_WORKERS },
    'scoring worker ready',
  );
  console.log('Ninety 评分进程已启动');
  context.speech.warmUp().catch((error: unknown) => {
    host.log.error({ err: error }, 'speech engine failed to start');
  });
  context.languageWorkers.warmUp().catch((error: unknown) => {
    host.log.error({ err: error }, 'writing language tools failed to start');
  });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    host.log.info({ signal }, 'scoring worker stopping: finishing the jobs in hand');
    const timer = setTimeout(() => {
      host.log.error('shutdown timed out; exiting (unfinished jobs are retried elsewhere)');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000);
    timer.unref();
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        host.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
