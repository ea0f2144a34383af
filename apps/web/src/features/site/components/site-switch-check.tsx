import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWithReload } from '../../../lib/load-with-reload';
import { fetchLocation } from '../api/get-location';
import { useSiteInfo } from '../api/get-site-info';
import {
  readSavedLocation,
  saveLocation,
  siteOf,
  switchTarget,
  type SiteName,
} from '../location-check';

const SiteSwitchPrompt = lazy(() =>
  loadWithReload(() => import('./site-switch-prompt')).then((module) => ({
    default: module.SiteSwitchPrompt,
  })),
);

/**
 * Spec §4 "Location check": once a day, where the learner is by IP; mainland (156) on the
 * international site or abroad on the main site gets a confirmation offering the other site.
 * Never a redirect without asking: a learner on a VPN knows better than their address.
 *
 * Light on purpose, as part of every page's shell: nothing is asked unless this page is on one of
 * the configured sites (SITE_MAIN_URLS / SITE_INTERNATIONAL_URLS, from /api/site/info) and the
 * location was not checked today; the prompt's code loads only when there is an offer.
 */
export function SiteSwitchCheck() {
  const info = useSiteInfo();
  const [offer, setOffer] = useState<{ site: SiteName; origin: string } | null>(null);

  useEffect(() => {
    if (!info) return;
    const site = siteOf(window.location.origin, info);
    if (!site || readSavedLocation()) return;
    const controller = new AbortController();
    void fetchLocation(controller.signal).then((location) => {
      // No answer, no prompt: the check is a convenience and runs again on the next visit.
      if (!location) return;
      saveLocation(location);
      setOffer(switchTarget(site, location, info));
    });
    return () => controller.abort();
  }, [info]);

  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <SiteSwitchPrompt offer={offer} onStay={() => setOffer(null)} />
    </Suspense>
  );
}
