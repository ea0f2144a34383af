/**
 * A page or layout asks for the login dialog without importing the auth feature: the dialog host
 * (mounted once by the app) listens for this event.
 */
const LOGIN_REQUESTED = 'ninety:login-requested';

/**
 * How long a request made before any host listens is kept. Route loaders run before React mounts
 * anything (a gated first load asks for the dialog at once), so the host takes the request over
 * when it subscribes; an older request is dropped rather than popping up out of context.
 */
export const PENDING_LOGIN_TTL_MS = 30_000;

export interface LoginRequest {
  /** Wait this long before opening (spec §4: 500 ms after a gated navigation). */
  delayMs?: number;
  /**
   * The page that asked for the sign-in (a gated deep link): signing in goes there instead of
   * reloading home. Checked again before use (lib/return-path).
   */
  returnTo?: string;
}

let listenerCount = 0;
let pending: { request: LoginRequest; at: number } | undefined;

export function requestLogin(request: LoginRequest = {}): void {
  if (listenerCount === 0) {
    pending = { request, at: Date.now() };
    return;
  }
  window.dispatchEvent(new CustomEvent<LoginRequest>(LOGIN_REQUESTED, { detail: request }));
}

export function onLoginRequested(listener: (request: LoginRequest) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LoginRequest>).detail ?? {});
  window.addEventListener(LOGIN_REQUESTED, handler);
  listenerCount += 1;

  let isSubscribed = true;
  // A microtask later, so that a listener unsubscribed at once (React's development double mount)
  // leaves the request to the one that stays.
  queueMicrotask(() => {
    const waiting = pending;
    if (!isSubscribed || !waiting) return;
    pending = undefined;
    const age = Date.now() - waiting.at;
    if (age >= PENDING_LOGIN_TTL_MS) return;
    // The delay counts from the request, not from when the host started listening.
    listener({ ...waiting.request, delayMs: Math.max(0, (waiting.request.delayMs ?? 0) - age) });
  });

  return () => {
    if (!isSubscribed) return;
    isSubscribed = false;
    window.removeEventListener(LOGIN_REQUESTED, handler);
    listenerCount -= 1;
  };
}

/** Forget a request nobody took over. For tests. */
export function resetLoginRequests(): void {
  pending = undefined;
}
