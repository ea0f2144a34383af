import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'warming'])
      .describe('warming：已可服务，语音引擎、写作语言工具与词典仍在加载'),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().min(0),
    }),
    version: z.string(),
    uptimeSeconds: z.number().min(0),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
