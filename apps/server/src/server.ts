import { buildApp } from './app';
import { loadConfigOrExit } from './config';

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  const app = await buildApp(config, {
    preloadSpeech: true,
    preloadLanguageTools: true,
    preloadDictionary: true,
  });
  let closing = false;

  // Stop accepting, let in-flight requests finish, close the database, then exit.
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('server closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url =
    config.PORT === 0 ? config.PUBLIC_BASE_URL.replace(/:0$/, `:${port}`) : config.PUBLIC_BASE_URL;
  app.log.info({ url }, 'server ready');
  console.log(`Ninety 已启动：${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
