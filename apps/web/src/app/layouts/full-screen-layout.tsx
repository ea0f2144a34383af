import { Outlet } from 'react-router';
import styles from './layouts.module.css';

/**
 * No site frame at all: the full-screen exam (PTE-MockExam) shows only its own bar, as the real
 * test does, and that bar carries its ways out (Exit, Save and exit, End test).
 */
export function FullScreenLayout() {
  return (
    <main id="main" className={styles.fullScreen}>
      <Outlet />
    </main>
  );
}
