import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';

const SiteSwitchCheck = lazy(() =>
  loadWithReload(() => import('./site-switch-check')).then((module) => ({
    default: module.SiteSwitchCheck,
  })),
);

const SiteFilings = lazy(() =>
  loadWithReload(() => import('./site-filings')).then((module) => ({
    default: module.SiteFilings,
  })),
);

/**
 * The site feature's part of the app shell, light on purpose: the location check (and the HTTP
 * client and antd's modal it needs) loads in its own chunk after the page.
 */
export function SiteSwitchHost() {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    // After the page is up: the check is never what the learner came for.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIsIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIsIdle(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!isIdle) return null;
  return (
    <Suspense fallback={null}>
      <SiteSwitchCheck />
    </Suspense>
  );
}

/** The filings in the footer, loaded the same way. */
export function SiteFilingsHost() {
  return (
    <Suspense fallback={null}>
      <SiteFilings />
    </Suspense>
  );
}
