import { lazy, Suspense, useEffect, useState } from 'react';
import { sessionKeys } from '../../../lib/storage-keys';

// antd's Alert (≈8 kB gzip with its icons) is shown once in an account's life: not part of the
// home page's first load (issue 23: home's JavaScript ≤ 180 kB gzip).
const AccountDeletedAlert = lazy(() =>
  import('./account-deleted-alert').then((module) => ({ default: module.AccountDeletedAlert })),
);

/** Whether the deletion left its one-time flag. */
function hasDeletedFlag(): boolean {
  try {
    return sessionStorage.getItem(sessionKeys.accountDeleted) !== null;
  } catch {
    return false;
  }
}

/** On the home page right after an account deletion: what happened. */
export function AccountDeletedNotice() {
  const [shown] = useState(hasDeletedFlag);
  // Cleared after the first render, so the notice shows once (and a StrictMode re-run still sees it).
  useEffect(() => {
    try {
      sessionStorage.removeItem(sessionKeys.accountDeleted);
    } catch {
      // Storage disabled: there is no flag.
    }
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AccountDeletedAlert />
    </Suspense>
  );
}
