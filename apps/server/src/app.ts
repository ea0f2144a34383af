import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandling } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

// Validation messages reach learners: make zod speak Chinese.
z.config(z.locales.zhCN());

const REQUEST_ID = /^[\w.-]{1,64}$/;

export interface BuildAppOptions {
  /** An already-open database (tests); otherwise one is opened from DATABASE_URL. */
  database?: Database;
}

export type App = FastifyInstance;

/** Builds the whole server without listening, so tests can drive it through `app.inject`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config.DATABASE_URL));
  const startedAt = Date.now();

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.token', 'req.headers.mobiletoken'],
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    requestIdLogLabel: 'reqId',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', async () => {
    await database.close();
  });

  try {
    await database.migrate();

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    await app.register(compress, { global: true, threshold: 1024 });
    await registerSecurity(app, config);
    await registerOpenApi(app, config.PUBLIC_BASE_URL);

    await app.register(healthRoutes(database, startedAt));
    await app.register(clientErrorRoutes);

    await registerWeb(app, config.WEB_DIST_DIR);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
