import { localKeys } from './storage-keys';

/** The stored session token (spec §3: local storage key `token`), or null when signed out. */
export function getToken(): string | null {
  return localStorage.getItem(localKeys.token) || null;
}

export function setToken(token: string): void {
  localStorage.setItem(localKeys.token, token);
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

/**
 * The client type a new session is registered under. Sign-ins on the phone pages (/m/…) are the
 * phone's own session: as `h5` they do not end the learner's one web session when the desktop
 * signs in by QR.
 */
export function sessionClientType(): 'h5' | 'pcweb' {
  return window.location.pathname.startsWith('/m/') ? 'h5' : 'pcweb';
}
