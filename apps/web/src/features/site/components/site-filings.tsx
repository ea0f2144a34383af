import { useSiteInfo } from '../api/get-site-info';
import styles from './site-filings.module.css';

/**
 * The footer's ICP 备案号 and 公安备案 (a mainland site must show them), each linking to its
 * official lookup; nothing when the deployment configures neither.
 */
export function SiteFilings() {
  const info = useSiteInfo();
  const filings = [info?.icp, info?.publicSecurity].filter((filing) => !!filing);
  if (filings.length === 0) return null;
  return (
    <p className={styles.filings}>
      {filings.map((filing) => (
        <a key={filing.text} href={filing.url} target="_blank" rel="noopener noreferrer">
          {filing.text}
        </a>
      ))}
    </p>
  );
}
