import { redirect, replace } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { loginFromQuery } from '../features/auth/query-login';
import { requestLogin } from '../lib/login-events';
import { isSignedIn } from '../lib/session';
import { getShownPathname } from './shown-location';

/** Spec §4 and §9: the login dialog opens this long after a gated navigation. */
export const GATED_LOGIN_DELAY_MS = 500;

/**
 * Runs before every page and redirect route: signs in from the URL first (so that
 * `/data?mobileToken=…` ends signed in on /data), then sends a learner without a token from a
 * route that is not public to the home page and asks for the login dialog (spec §4).
 *
 * Returns a redirect Response, or null to let the route load.
 */
export async function gateRoute(
  { request }: LoaderFunctionArgs,
  isPublic: boolean,
): Promise<Response | null> {
  const outcome = await loginFromQuery(new URL(request.url));
  // The page is reloading at the clean URL: keep the navigation pending until it goes.
  if (outcome.kind === 'reloading') return new Promise<never>(() => {});
  if (outcome.kind === 'failed') return replace(outcome.href);

  if (isPublic || isSignedIn()) return null;
  // The delay lets the home page appear before the dialog covers it; signing in returns here.
  const asked = new URL(request.url);
  requestLogin({
    delayMs: GATED_LOGIN_DELAY_MS,
    returnTo: `${asked.pathname}${asked.search}${asked.hash}`,
  });
  const shown = getShownPathname();
  // Already home: the navigation is cancelled (replacing / with / adds no history entry). On a
  // first load the gated URL was never shown, so it is replaced too and Back does not re-enter it.
  if (shown === undefined || shown === '/') return replace('/');
  return redirect('/');
}
