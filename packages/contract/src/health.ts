import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok']),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().min(0),
    }),
    version: z.string(),
    uptimeSeconds: z.number().min(0),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
