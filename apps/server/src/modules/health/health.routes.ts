import { HealthSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { appVersion } from '../../config';
import type { Database } from '../../db/client';
import type { WarmUp } from '../../lib/warm-up';
import { pingDatabase } from './health.repository';
import { checkHealth } from './health.service';

export const healthRoutes =
  (database: Database, startedAt: number, warmUp?: WarmUp): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        // Probes from load balancers must never be throttled.
        config: { rateLimit: false },
        schema: {
          tags: ['platform'],
          summary: '健康检查（含数据库）',
          response: { 200: okEnvelope(HealthSchema), ...errorResponses(503) },
        },
      },
      async () => {
        const health = await checkHealth({
          ping: () => pingDatabase(database.db),
          driver: database.driver,
          version: appVersion,
          startedAt,
          warming: () => warmUp?.warming ?? false,
        });
        return { data: health };
      },
    );
  };

export const register: RegisterModule = (app, context) =>
  app.register(healthRoutes(context.database, context.startedAt, context.warmUp));
