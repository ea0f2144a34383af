import type { ClientErrorReport } from '@ninety/contract';
import { getToken } from './session';

const ENDPOINT = '/api/client-errors';

/**
 * The standard headers of every call (spec §3, §7). Written out here, not imported from the
 * contract, because this module loads with the error page in the entry chunk and the contract's
 * index brings its schemas; a test keeps them equal to the contract's `standardHeaders`.
 */
export const REPORT_HEADERS = {
  clientType: 'pcweb',
  deviceType: 'pcweb',
  Serviceversion: '42',
} as const;

/**
 * Tells the server a page failed, so operators see it in the logs. Best effort: it must never
 * throw or show anything to the learner. Sent with fetch's keepalive rather than sendBeacon, which
 * cannot carry the standard headers ("all calls carry the standard headers", spec §7); keepalive
 * outlives the page just as a beacon does.
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
    const token = getToken();
    void fetch(ENDPOINT, {
      method: 'POST',
      body: JSON.stringify(report),
      keepalive: true,
      headers: {
        ...REPORT_HEADERS,
        ...(token ? { token } : {}),
        'content-type': 'application/json',
      },
    }).catch(() => undefined);
  } catch {
    // Reporting is best effort.
  }
}
