import { lazy, Suspense, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import { isSignedIn } from '../../../lib/session';
import { LoginDialogHost } from './login-dialog-host';

const SessionWatcher = lazy(() =>
  loadWithReload(() => import('./session-watcher')).then((module) => ({
    default: module.SessionWatcher,
  })),
);

/**
 * The auth feature's part of the app shell: the login dialog host, and while signed in the user
 * info refresh. Small on purpose: signed out, no HTTP or antd code is loaded until needed.
 */
export function AuthHost() {
  // A sign-in or sign-out reloads the page, so the token is read once.
  const [hasToken] = useState(isSignedIn);
  return (
    <>
      <LoginDialogHost />
      {hasToken && (
        <Suspense fallback={null}>
          <SessionWatcher />
        </Suspense>
      )}
    </>
  );
}
