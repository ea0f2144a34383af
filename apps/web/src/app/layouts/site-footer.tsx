import { SiteFilingsHost } from '../../features/site/components/site-host';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p>Ninety PTE 备考 · 按题型练习、AI 评分与全真模考，陪你稳步提分</p>
      <SiteFilingsHost />
    </footer>
  );
}
