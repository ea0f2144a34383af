/**
 * The site feature: which of the two sites this is, the daily location check with its offer of
 * the other site (spec §4, §9), and the footer's filings. The app shell imports the light hosts
 * in components/site-host directly.
 */
export { SiteSwitchHost, SiteFilingsHost } from './components/site-host';
export { SiteSwitchCheck } from './components/site-switch-check';
export { SiteFilings } from './components/site-filings';
export { useSiteInfo, fetchSiteInfo, siteInfoQueryOptions } from './api/get-site-info';
export { fetchLocation } from './api/get-location';
export * from './location-check';
