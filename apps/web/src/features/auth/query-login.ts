import { requestLogin } from '../../lib/login-events';
import { page } from '../../lib/page';
import { setToken } from '../../lib/session';

/** Query parameters that sign the learner in (spec §4 "Login via query"). */
export const MOBILE_TOKEN_PARAM = 'mobileToken';
export const TOKEN_PARAM = 'token';

const HOME_PATHS = ['/', '/home'];

export type LoginQueryOutcome =
  /** No sign-in parameter in the URL. */
  | { kind: 'none' }
  /** Signed in; the page is reloading at the URL without the parameter. */
  | { kind: 'reloading' }
  /** The mobileToken was refused: the login dialog was asked for; continue at `href`. */
  | { kind: 'failed'; href: string };

/**
 * The same page without `param`, always as a path on this site: a path such as `//other.host/x`
 * would otherwise be read as another site's address (an open redirect).
 */
function hrefWithout(url: URL, param: string): string {
  const search = new URLSearchParams(url.search);
  search.delete(param);
  const query = search.toString();
  const path = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return `${path}${query ? `?${query}` : ''}${url.hash}`;
}

/**
 * Signs in from the URL, before the route gate decides:
 * - `mobileToken` on any route is exchanged for a session token, stored, and the page reloads
 *   without it; a refused token opens the login dialog and drops the parameter;
 * - `token` on the home page is stored and the home page reloads without it.
 */
export async function loginFromQuery(url: URL): Promise<LoginQueryOutcome> {
  const params = url.searchParams;
  if (params.has(MOBILE_TOKEN_PARAM)) {
    const mobileToken = params.get(MOBILE_TOKEN_PARAM) ?? '';
    const href = hrefWithout(url, MOBILE_TOKEN_PARAM);
    try {
      if (!mobileToken) throw new Error('empty mobileToken');
      // Loaded on demand: the HTTP client and its toasts stay out of the entry chunk.
      const { getTokenByMobileToken } = await import('./api/get-token-by-mobile-token');
      const { token } = await getTokenByMobileToken(mobileToken);
      setToken(token);
      // Replace, so the address with the one-time token leaves the history.
      page.replace(href);
      return { kind: 'reloading' };
    } catch {
      requestLogin();
      return { kind: 'failed', href };
    }
  }

  const token = params.get(TOKEN_PARAM);
  if (token && HOME_PATHS.includes(url.pathname.toLowerCase())) {
    setToken(token);
    page.replace(hrefWithout(url, TOKEN_PARAM));
    return { kind: 'reloading' };
  }
  return { kind: 'none' };
}
