import type { ClientErrorReport } from '@ninety/contract';

const ENDPOINT = '/api/client-errors';

/**
 * Tells the server a page failed, so operators see it in the logs. Best effort: it must never
 * throw or show anything to the learner.
 */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown): void {
  try {
    const report: ClientErrorReport = {
      kind,
      message: (error instanceof Error ? error.message : String(error)).slice(0, 2000) || '(empty)',
      url: window.location.href.slice(0, 2000),
      userAgent: navigator.userAgent.slice(0, 500),
    };
    const stack = error instanceof Error ? error.stack?.slice(0, 8000) : undefined;
    if (stack) report.stack = stack;
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    if (navigator.sendBeacon?.(ENDPOINT, body)) return;
    void fetch(ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
  } catch {
    // Reporting is best effort.
  }
}
