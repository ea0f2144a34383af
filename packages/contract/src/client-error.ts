import { z } from 'zod';

/** What the web app reports when a page fails to load or render, so operators see it in the logs. */
export const ClientErrorReportSchema = z
  .strictObject({
    kind: z.enum(['chunk-load', 'render', 'unhandled']).describe('错误类别'),
    message: z.string().min(1).max(2000),
    stack: z.string().max(8000).optional(),
    url: z.string().max(2000).describe('出错时的页面地址'),
    userAgent: z.string().max(500).optional(),
  })
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

export const ClientErrorAckSchema = z.object({ accepted: z.literal(true) });
