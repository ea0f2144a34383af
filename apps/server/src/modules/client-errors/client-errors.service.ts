import type { ClientErrorReport } from '@ninety/contract';

export interface ClientErrorLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Client failures go to the structured log, tagged so they can be filtered from server errors. */
export function recordClientError(report: ClientErrorReport, logger: ClientErrorLogger): void {
  logger.warn(
    {
      clientError: {
        kind: report.kind,
        message: report.message,
        url: report.url,
        userAgent: report.userAgent,
        stack: report.stack,
      },
    },
    'client error reported',
  );
}
