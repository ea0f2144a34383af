import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { onQuotaUsedUp, type QuotaUsedUp } from '../../../lib/quota-events';

// The dialog (antd, the HTTP client) loads only when a learner runs out of uses.
const QuotaDialog = lazy(() => import('./quota-dialog').then((m) => ({ default: m.QuotaDialog })));

/** Mounted once by the app: opens the quota dialog when a check or the server says 0 uses left. */
export function QuotaDialogHost() {
  const [open, setOpen] = useState<QuotaUsedUp | null>(null);
  // Subscribed in the commit that mounts the host, not in the effects React runs after it: a
  // response the route's loader started earlier (a 40301) can be announced in between, and was
  // then lost (seen once in CI: the home page's test announced right after the first commit).
  useLayoutEffect(() => onQuotaUsedUp((detail) => setOpen(detail)), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuotaDialog contactTeacher={open.contactTeacher ?? false} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
