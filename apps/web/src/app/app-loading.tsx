import styles from './app-loading.module.css';

/** Shown while the first page's code loads. */
export function AppLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.brand}>Ninety</span>
      <span>正在加载…</span>
    </div>
  );
}
