import { KeepAliveOutlet } from './keep-alive-outlet';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './layouts.module.css';

/** Header navigation, the page, and the footer. */
export function HomeLayout() {
  return (
    <div className={styles.shell}>
      <SiteHeader />
      <main id="main" className={styles.main}>
        <KeepAliveOutlet />
      </main>
      <SiteFooter />
    </div>
  );
}
