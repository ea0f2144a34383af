import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import { onLoginRequested } from '../../../lib/login-events';

const importDialog = () => import('./login-dialog');
const LoginDialog = lazy(() =>
  loadWithReload(importDialog).then((module) => ({ default: module.LoginDialog })),
);

interface DialogState {
  isOpen: boolean;
  /** Counts openings: each one starts with a fresh dialog (phone mode, agreement unticked). */
  opening: number;
  /** The gated page that asked for this sign-in, if any: signing in returns there. */
  returnTo: string | undefined;
}

/**
 * Mounted once by the app: opens the login dialog when anything calls `requestLogin()`. The
 * dialog's code (antd's form, modal and QR pieces) is fetched on the first request only.
 */
export function LoginDialogHost() {
  const [dialog, setDialog] = useState<DialogState>();

  // Subscribed in the commit that mounts the host, as the quota dialog's host is: a request the
  // route's loader started (a 401 asking for sign-in) can be answered before passive effects run.
  useLayoutEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    // A request without a page to return to (the header's 登录) drops an earlier gated one.
    const open = (returnTo: string | undefined) =>
      setDialog((now) =>
        now?.isOpen
          ? { ...now, returnTo }
          : { isOpen: true, opening: (now?.opening ?? 0) + 1, returnTo },
      );
    const unsubscribe = onLoginRequested(({ delayMs = 0, returnTo }) => {
      // Fetch the code during the delay; a failure is handled when the dialog renders.
      importDialog().catch(() => {});
      if (delayMs <= 0) {
        open(returnTo);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        open(returnTo);
      }, delayMs);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        key={dialog.opening}
        open={dialog.isOpen}
        returnTo={dialog.returnTo}
        onClose={() => setDialog((now) => now && { ...now, isOpen: false })}
      />
    </Suspense>
  );
}
