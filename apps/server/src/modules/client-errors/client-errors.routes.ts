import {
  ClientErrorAckSchema,
  ClientErrorReportSchema,
  ErrorEnvelopeSchema,
  okEnvelope,
} from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
        response: { 200: okEnvelope(ClientErrorAckSchema), 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      recordClientError(request.body, request.log);
      return { data: { accepted: true as const } };
    },
  );
};
