import { ClientErrorAckSchema, ClientErrorReportSchema, okEnvelope } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { errorResponses } from '../../lib/error-responses';
import { recordClientError } from './client-errors.service';

export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/client-errors',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['platform'],
        summary: '前端错误上报',
        body: ClientErrorReportSchema,
        response: { 200: okEnvelope(ClientErrorAckSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      recordClientError(request.body, request.log);
      return { data: { accepted: true as const } };
    },
  );
};

export const register: RegisterModule = (app) => app.register(clientErrorRoutes);
