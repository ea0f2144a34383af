import { MAINLAND_NATION_CODE, type LocationResult, type SiteInfo } from '@ninety/contract';
import { localKeys } from '../../lib/storage-keys';

/**
 * The location check's rules (spec §4, §9): which site this page is on, whether the learner's
 * location suggests the other one, and the location saved per weekday so the check runs once a
 * day.
 */

export type SiteName = 'main' | 'international';

/** Which configured site `origin` is, or null (development, a preview host): then no check. */
export function siteOf(origin: string, info: SiteInfo): SiteName | null {
  if (info.mainSites.includes(origin)) return 'main';
  if (info.internationalSites.includes(origin)) return 'international';
  return null;
}

/**
 * The other site to offer: mainland (156) on the international site → the main site; abroad on
 * the main site → the international site. An unknown location (a private address, no data)
 * offers nothing: a guess must not send a learner away.
 */
export function switchTarget(
  site: SiteName,
  location: Pick<LocationResult, 'nationCode'>,
  info: SiteInfo,
): { site: SiteName; origin: string } | null {
  const { nationCode } = location;
  if (nationCode === null) return null;
  if (site === 'international' && nationCode === MAINLAND_NATION_CODE) {
    const origin = info.mainSites[0];
    return origin ? { site: 'main', origin } : null;
  }
  if (site === 'main' && nationCode !== MAINLAND_NATION_CODE) {
    const origin = info.internationalSites[0];
    return origin ? { site: 'international', origin } : null;
  }
  return null;
}

/** The other site's home, signed in with the token as a query (spec §4: home stores `token`). */
export function switchUrl(origin: string, token: string | null): string {
  const url = new URL('/', origin);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/** Spec §3 "Saved location": the location and the weekday it was checked (and the day, exactly). */
export interface SavedLocation {
  location: Pick<LocationResult, 'nationCode'>;
  weekday: number;
  /** The local date too: the same weekday a week later is another day. */
  date: string;
}

/** The browser's local date as YYYY-MM-DD: "once a day" is the learner's day. */
function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The location saved today, or null when the check has not run today (or storage is unusable). */
export function readSavedLocation(now: Date = new Date()): SavedLocation | null {
  try {
    const raw = localStorage.getItem(localKeys.location);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedLocation> | null;
    if (
      !saved ||
      saved.weekday !== now.getDay() ||
      saved.date !== localDate(now) ||
      typeof saved.location !== 'object' ||
      saved.location === null
    ) {
      return null;
    }
    const { nationCode } = saved.location;
    if (nationCode !== null && typeof nationCode !== 'number') return null;
    return saved as SavedLocation;
  } catch {
    return null;
  }
}

export function saveLocation(location: LocationResult, now: Date = new Date()): void {
  const saved: SavedLocation = {
    location: { nationCode: location.nationCode },
    weekday: now.getDay(),
    date: localDate(now),
  };
  try {
    localStorage.setItem(localKeys.location, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the check runs again next time, which is harmless.
  }
}
