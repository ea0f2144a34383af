import { lazy, Suspense, useEffect, useState } from 'react';
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
}

/**
 * Mounted once by the app: opens the login dialog when anything calls `requestLogin()`. The
 * dialog's code (antd's form, modal and QR pieces) is fetched on the first request only.
 */
export function LoginDialogHost() {
  const [dialog, setDialog] = useState<DialogState>();

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const open = () =>
      setDialog((now) => (now?.isOpen ? now : { isOpen: true, opening: (now?.opening ?? 0) + 1 }));
    const unsubscribe = onLoginRequested(({ delayMs = 0 }) => {
      // Fetch the code during the delay; a failure is handled when the dialog renders.
      importDialog().catch(() => {});
      if (delayMs <= 0) {
        open();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        open();
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
        onClose={() => setDialog((now) => now && { ...now, isOpen: false })}
      />
    </Suspense>
  );
}
