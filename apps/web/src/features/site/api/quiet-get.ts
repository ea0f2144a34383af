/**
 * A GET the page does without when it fails (the sites' configuration, the location check): plain
 * `fetch`, the envelope's `data` when it has the expected shape, else null. Not the HTTP client:
 * every page's shell makes these calls, and the client (its toasts bring antd's message and
 * notification) would then be in every first load for calls nobody waits on (issue 23: home's
 * JavaScript ≤ 180 kB gzip). Public calls: no token is sent.
 */
export async function quietGet<T>(
  path: string,
  isValid: (data: unknown) => data is T,
  signal?: AbortSignal,
): Promise<T | null> {
  try {
    const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const data =
      typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    return isValid(data) ? data : null;
  } catch {
    // Offline, aborted, or not JSON: the same as no answer.
    return null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
