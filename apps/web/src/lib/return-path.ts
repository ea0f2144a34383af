/**
 * Where to go after signing in: the page that asked for it (a deep link, a shared exercise link, a
 * gated route). Only a path of this app on this origin is ever returned: anything else (another
 * host, `//evil.example`, `/\evil.example`, `javascript:`, control characters) is refused, so a
 * crafted link cannot send a freshly signed-in learner to another site (an open redirect).
 */

/** Longer than any route of the app with its query; a longer one is not ours. */
const MAX_RETURN_PATH_LENGTH = 2000;

/** Paths that are the home page: returning there is the same as the plain reload. */
const HOME_PATHS = new Set(['/', '/home']);

/** Sign-in parameters never travel with the return path: they were consumed. */
const SIGN_IN_PARAMS = ['token', 'mobileToken'];

/**
 * The same-origin app path (`/exp…?x=1#y`) `raw` names, or null when it is not one. `origin` is
 * this page's origin; an absolute URL is accepted only on it.
 */
export function safeReturnPath(
  raw: unknown,
  origin: string = window.location.origin,
): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) {
    return null;
  }
  // Control characters and backslashes: browsers strip or rewrite them into another host.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(raw);
  if (!isAbsolute && (!raw.startsWith('/') || raw.startsWith('//'))) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // The API and served files are not pages of the app.
  if (/^\/(api|files)(\/|$)/i.test(url.pathname)) return null;
  for (const param of SIGN_IN_PARAMS) url.searchParams.delete(param);
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//')) return null;
  return path;
}

/** The return path, or null when it is home (a reload of home is what signing in does anyway). */
export function returnPathAfterSignIn(raw: unknown, origin?: string): string | null {
  const path = safeReturnPath(raw, origin);
  if (path === null) return null;
  const pathname = path.split(/[?#]/, 1)[0]!.toLowerCase();
  return HOME_PATHS.has(pathname) && !path.includes('?') && !path.includes('#') ? null : path;
}
