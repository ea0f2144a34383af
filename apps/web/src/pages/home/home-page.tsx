import { lazy, Suspense, use } from 'react';
// The notice's own module, not the feature's index: the index brings the account-data calls, the
// HTTP client and zod into the home page's first load (issue 23: home's JS stays under 180 kB).
import { AccountDeletedNotice } from '../../features/account-data/components/account-deleted-notice';
import { isSignedIn } from '../../lib/session';
import { loadLanding } from './load-landing';
import styles from './home-page.module.css';

// A newcomer's home loads none of the learner's dashboard (plan, figures, their calls).
const Dashboard = lazy(() => import('./dashboard').then((m) => ({ default: m.Dashboard })));

/** Signed out: the landing, loaded beside the page's code by the page loader (load-landing.ts). */
function SignedOutHome() {
  const { Landing } = use(loadLanding());
  return <Landing />;
}

export function HomePage() {
  return (
    <>
      <AccountDeletedNotice />
      {isSignedIn() ? (
        <Suspense fallback={<p className={styles.muted}>正在载入你的学习数据…</p>}>
          <Dashboard />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <SignedOutHome />
        </Suspense>
      )}
    </>
  );
}
