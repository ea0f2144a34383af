import { okEnvelope, WordColorBandsSchema } from '@ninety/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegisterModule } from '../../app-context';
import { wordColorBands } from './voice.service';

export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/voice/getColor',
    {
      schema: {
        tags: ['speech'],
        summary: '单词评分颜色区间（公开；客户端按 start 降序取色）',
        response: { 200: okEnvelope(WordColorBandsSchema) },
      },
    },
    async () => ({ data: wordColorBands() }),
  );
};

export const register: RegisterModule = (app) => app.register(voiceRoutes);
