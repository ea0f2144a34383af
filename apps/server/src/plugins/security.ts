import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { ErrorCode, errorTable } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';
import { storageOrigins } from '../adapters/storage/create-storage';
import { databaseRateLimitStore } from '../adapters/rate-limit/database-rate-limit-store';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** Headers the web client sends (spec §3 and the SMS signing fields), allowed across origins. */
const clientHeaders = [
  'content-type',
  'clientType',
  'deviceType',
  'Serviceversion',
  'token',
  'mobileToken',
  'userAgent',
  'ts',
  'expire',
  'netIp',
  'phone',
  'x-request-id',
];

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  database: Database,
): Promise<void> {
  // With S3, media come from the public material host and presigned URLs, and uploads go there.
  const stored = storageOrigins(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects <style> tags at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...stored],
        mediaSrc: ["'self'", 'data:', 'blob:', ...stored],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stored],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // TLS is terminated in front of us; upgrading would break plain-http intranet installs.
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.PUBLIC_BASE_URL.startsWith('https://'),
    // Media and images will come from the public material host later.
    crossOriginEmbedderPolicy: false,
  });

  // API answers carry sessions and personal data (getUser has a mobileToken): no cache may keep
  // them unless a route says otherwise (e.g. the country list).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Closed by default: only configured origins may call the API from another site.
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    allowedHeaders: clientHeaders,
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });

  // Generous default per IP; routes that need tighter limits (SMS, login) set their own.
  // Counted in PostgreSQL when servers may share it (a fleet); in memory on the embedded
  // database, which only one process can open anyway.
  const store =
    (config.RATE_LIMIT_STORE ?? (database.driver === 'postgres' ? 'database' : 'memory')) ===
    'database'
      ? { store: databaseRateLimitStore(database.db) }
      : {};
  await app.register(rateLimit, {
    ...store,
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    // The page and its assets are not the API: a school behind one address must still load them.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: ErrorCode.TooManyRequests,
      msg: errorTable[ErrorCode.TooManyRequests].msg,
    }),
  });
}
