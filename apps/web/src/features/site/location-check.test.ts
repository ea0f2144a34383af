import type { SiteInfo } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import {
  readSavedLocation,
  saveLocation,
  siteOf,
  switchTarget,
  switchUrl,
  type SiteName,
} from './location-check';

const info: SiteInfo = {
  mainSites: ['https://ninety.cn', 'https://www.ninety.cn'],
  internationalSites: ['https://ninety.com'],
  icp: null,
  publicSecurity: null,
};

const location = (nationCode: number | null) => ({
  nationCode,
  countryCode: null,
  mainland: nationCode === 156,
  province: '',
  city: '',
});

describe('siteOf', () => {
  it.each([
    ['https://ninety.cn', 'main'],
    ['https://www.ninety.cn', 'main'],
    ['https://ninety.com', 'international'],
    ['http://localhost:5173', null],
    ['https://ninety.cn.evil.example', null],
  ])('%s is %s', (origin, site) => {
    expect(siteOf(origin, info)).toBe(site);
  });
});

describe('switchTarget (spec §4)', () => {
  it.each<[SiteName, number | null, ReturnType<typeof switchTarget>]>([
    ['international', 156, { site: 'main', origin: 'https://ninety.cn' }],
    ['international', 36, null],
    ['international', 344, null],
    ['main', 156, null],
    // Hong Kong, Macao and Taiwan are not the mainland.
    ['main', 344, { site: 'international', origin: 'https://ninety.com' }],
    ['main', 446, { site: 'international', origin: 'https://ninety.com' }],
    ['main', 158, { site: 'international', origin: 'https://ninety.com' }],
    ['main', 36, { site: 'international', origin: 'https://ninety.com' }],
    // Unknown (a private address): never offer a switch on a guess.
    ['main', null, null],
    ['international', null, null],
  ])('on the %s site, nation code %s → %j', (site, nationCode, expected) => {
    expect(switchTarget(site, location(nationCode), info)).toEqual(expected);
  });

  it('offers nothing when the other site is not configured', () => {
    expect(switchTarget('main', location(36), { ...info, internationalSites: [] })).toBeNull();
  });
});

describe('switchUrl', () => {
  it('opens the other site home with the token as a query', () => {
    expect(switchUrl('https://ninety.com', 'tok en/+')).toBe(
      'https://ninety.com/?token=tok+en%2F%2B',
    );
    expect(new URL(switchUrl('https://ninety.com', 'tok en/+')).searchParams.get('token')).toBe(
      'tok en/+',
    );
  });

  it('opens it signed out without a token', () => {
    expect(switchUrl('https://ninety.com', null)).toBe('https://ninety.com/');
  });
});

describe('the saved location (spec §3, §9: per weekday, once a day)', () => {
  const thursday = new Date(2026, 10, 26, 9, 0);
  it('is read back the same day, under the key location with its weekday', () => {
    saveLocation(location(156), thursday);
    expect(JSON.parse(localStorage.getItem('location')!)).toEqual({
      location: { nationCode: 156 },
      weekday: 4,
      date: '2026-11-26',
    });
    expect(readSavedLocation(new Date(2026, 10, 26, 23, 59))).toEqual({
      location: { nationCode: 156 },
      weekday: 4,
      date: '2026-11-26',
    });
  });

  it('is not used the next day, nor the same weekday a week later', () => {
    saveLocation(location(36), thursday);
    expect(readSavedLocation(new Date(2026, 10, 27, 0, 1))).toBeNull();
    expect(readSavedLocation(new Date(2026, 11, 3, 9, 0))).toBeNull();
  });

  it.each([
    ['nothing saved', null],
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    [
      'a bad nation code',
      JSON.stringify({ location: { nationCode: '156' }, weekday: 4, date: '2026-11-26' }),
    ],
    ['no location', JSON.stringify({ weekday: 4, date: '2026-11-26' })],
  ])('ignores %s', (_label, raw) => {
    if (raw !== null) localStorage.setItem('location', raw);
    expect(readSavedLocation(thursday)).toBeNull();
  });
});
