import { Outlet } from 'react-router';
import styles from './layouts.module.css';

/** A phone-width column for pages opened in the mobile app or a messaging app. */
export function MobileLayout() {
  return (
    <div className={styles.mobile}>
      <header className={styles.mobileBar}>Ninety PTE</header>
      <main id="main" className={styles.mobileMain}>
        <Outlet />
      </main>
    </div>
  );
}
