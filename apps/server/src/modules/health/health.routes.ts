import { ErrorEnvelopeSchema, HealthSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appVersion } from '../../config';
import type { Database } from '../../db/client';
import { pingDatabase } from './health.repository';
import { checkHealth } from './health.service';

export const healthRoutes =
  (database: Database, startedAt: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        // Probes from load balancers must never be throttled.
        config: { rateLimit: false },
        schema: {
          tags: ['platform'],
          summary: '健康检查（含数据库）',
          response: { 200: okEnvelope(HealthSchema), 503: ErrorEnvelopeSchema },
        },
      },
      async () => {
        const health = await checkHealth({
          ping: () => pingDatabase(database.db),
          driver: database.driver,
          version: appVersion,
          startedAt,
        });
        return { data: health };
      },
    );
  };
