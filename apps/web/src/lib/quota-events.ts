/**
 * "No uses left" reaches the quota dialog without the caller importing it: the quota check and
 * the HTTP client (a 40301 from the server) announce it, the dialog host mounted by the app
 * listens. The spec's 3-second warning is shown by the caller as before; the dialog comes on top.
 */
const QUOTA_USED_UP = 'ninety:quota-used-up';

export interface QuotaUsedUp {
  /** A class account: the way to VIP is the teacher (spec §6 isZoom). */
  contactTeacher?: boolean;
}

export function announceQuotaUsedUp(detail: QuotaUsedUp = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<QuotaUsedUp>(QUOTA_USED_UP, { detail }));
}

export function onQuotaUsedUp(listener: (detail: QuotaUsedUp) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<QuotaUsedUp>).detail ?? {});
  window.addEventListener(QUOTA_USED_UP, handler);
  return () => window.removeEventListener(QUOTA_USED_UP, handler);
}
