import { SiteFilings } from './site-filings';
import { SiteSwitchCheck } from './site-switch-check';

/**
 * The site feature's part of the app shell. Both parts are small and load with the shell: they
 * read the sites' configuration with a plain fetch and bring more code (antd's modal) only when
 * this page is on a configured site and the learner is to be offered the other one.
 */
export function SiteSwitchHost() {
  return <SiteSwitchCheck />;
}

/** The filings in the footer (nothing when none is configured). */
export function SiteFilingsHost() {
  return <SiteFilings />;
}
