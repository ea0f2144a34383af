import { Link, Outlet } from 'react-router';
import styles from './layouts.module.css';

/** Pages outside the main navigation: only the brand, which leads home. */
export function PlainLayout() {
  return (
    <div className={styles.shell}>
      <header className={styles.plainBar}>
        <Link to="/" className={styles.plainBrand} aria-label="Ninety 首页">
          Ninety
        </Link>
      </header>
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
