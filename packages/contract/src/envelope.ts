import { z } from 'zod';

/** Success: HTTP 2xx with `{ data }` and never a `code` field (the client treats any code as an error). */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const ErrorEnvelopeSchema = z
  .object({
    code: z.number().int().describe('错误码，见错误码表'),
    msg: z.string().describe('给用户看的中文说明'),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Unknown path under /api: the client rejects it quietly. */
export const NotFoundEnvelopeSchema = z
  .object({
    status: z.literal(404),
    error: z.literal('Not Found'),
    path: z.string(),
  })
  .meta({ id: 'NotFoundEnvelope' });
export type NotFoundEnvelope = z.infer<typeof NotFoundEnvelopeSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Lists answer `{ data: { list, total, page, perPage } }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
  });
