import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { page } from '../../../lib/page';
import { getToken } from '../../../lib/session';
import { fetchLocation } from '../api/get-location';
import { useSiteInfo } from '../api/get-site-info';
import {
  readSavedLocation,
  saveLocation,
  siteOf,
  switchTarget,
  switchUrl,
  type SiteName,
} from '../location-check';

const SITE_NAMES: Record<SiteName, string> = { main: '大陆站', international: '国际站' };

export const SWITCH_TITLE = '切换站点？';
export const STAY_TEXT = '留在本站';

/**
 * Spec §4 "Location check": once a day, where the learner is by IP; mainland (156) on the
 * international site or abroad on the main site gets a confirmation offering the other site,
 * which opens signed in (the token as a query). Never a redirect without asking: a learner on
 * a VPN knows better than their address.
 */
export function SiteSwitchCheck() {
  const { data: info } = useSiteInfo();
  const [offer, setOffer] = useState<{ site: SiteName; origin: string } | null>(null);

  useEffect(() => {
    if (!info) return;
    const site = siteOf(window.location.origin, info);
    if (!site || readSavedLocation()) return;
    const controller = new AbortController();
    fetchLocation(controller.signal)
      .then((location) => {
        saveLocation(location);
        setOffer(switchTarget(site, location, info));
      })
      // No answer, no prompt: the check is a convenience and runs again on the next visit.
      .catch(() => {});
    return () => controller.abort();
  }, [info]);

  if (!offer) return null;
  const target = SITE_NAMES[offer.site];
  const here = SITE_NAMES[offer.site === 'main' ? 'international' : 'main'];
  const signedIn = getToken() !== null;
  return (
    <Modal
      open
      title={SWITCH_TITLE}
      okText={`切换到${target}`}
      cancelText={STAY_TEXT}
      onOk={() => page.assign(switchUrl(offer.origin, getToken()))}
      onCancel={() => setOffer(null)}
      width={400}
    >
      <p>
        {offer.site === 'main'
          ? `你现在位于中国大陆，正在访问 Ninety ${here}。`
          : `你现在不在中国大陆，正在访问 Ninety ${here}。`}
        切换到{target}访问更快、更稳定。
      </p>
      <p>{signedIn ? '切换后保持登录，练习记录两站通用。' : '练习记录两站通用。'}</p>
    </Modal>
  );
}
