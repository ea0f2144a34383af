import { describe, expect, it } from 'vitest';
import { UNKNOWN_LOCATION, type GeoLocation } from './geo-ip';
import { LocalGeoIp } from './local-geo-ip';

const geoIp = new LocalGeoIp();

type Expected = Partial<GeoLocation>;
const mainland = (province: string, city: string, isp = ''): Expected => ({
  countryCode: 'CN',
  nationCode: 156,
  mainland: true,
  province,
  city,
  isp,
});
const abroad = (countryCode: string, nationCode: number): Expected => ({
  ...UNKNOWN_LOCATION,
  countryCode,
  nationCode,
});

describe('LocalGeoIp', () => {
  it.each<[string, string, Expected]>([
    ['mainland: public DNS in Nanjing', '114.114.114.114', mainland('江苏省', '南京市')],
    ['mainland: Alibaba Cloud in Hangzhou', '223.5.5.5', mainland('浙江省', '杭州市', '阿里云')],
    ['mainland: the education network', '101.6.6.6', { mainland: true, nationCode: 156 }],
    [
      'mainland, written as an IPv4-mapped IPv6',
      '::ffff:114.114.114.114',
      mainland('江苏省', '南京市'),
    ],
    ['mainland, with spaces around', ' 223.5.5.5 ', { mainland: true, province: '浙江省' }],
    ['Hong Kong is not the mainland', '203.198.7.66', abroad('HK', 344)],
    ['Macao is not the mainland', '202.175.3.3', abroad('MO', 446)],
    ['Taiwan is not the mainland', '168.95.1.1', abroad('TW', 158)],
    ['abroad: Australia', '139.130.4.5', abroad('AU', 36)],
    ['abroad: United States', '8.8.8.8', abroad('US', 840)],
    [
      'IPv6 in the mainland (country only)',
      '240e:47d:c20:1627:30a3:ba0d:a5e6:ec19',
      { ...abroad('CN', 156), mainland: true },
    ],
    ['IPv6 of Alibaba public DNS', '2400:3200::1', { countryCode: 'CN', mainland: true }],
    ['IPv6 abroad', '2001:4860:4860::8888', abroad('US', 840)],
    ['IPv6 in capitals', '2001:4860:4860::8888'.toUpperCase(), abroad('US', 840)],
    ['loopback', '127.0.0.1', UNKNOWN_LOCATION],
    ['IPv6 loopback', '::1', UNKNOWN_LOCATION],
    ['private 10/8', '10.1.2.3', UNKNOWN_LOCATION],
    ['private 172.16/12', '172.20.0.1', UNKNOWN_LOCATION],
    // The country data places this range in a country: it must never be answered from it.
    ['private 192.168/16', '192.168.1.1', UNKNOWN_LOCATION],
    ['shared address space (carrier NAT)', '100.64.0.1', UNKNOWN_LOCATION],
    ['link-local', '169.254.1.1', UNKNOWN_LOCATION],
    ['documentation range', '203.0.113.9', UNKNOWN_LOCATION],
    ['unspecified', '0.0.0.0', UNKNOWN_LOCATION],
    ['IPv6 unique local', 'fc00::1', UNKNOWN_LOCATION],
    ['IPv6 link-local', 'fe80::1', UNKNOWN_LOCATION],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1', UNKNOWN_LOCATION],
    ['garbage', 'not an address', UNKNOWN_LOCATION],
    ['empty', '', UNKNOWN_LOCATION],
    ['out-of-range octet', '256.1.1.1', UNKNOWN_LOCATION],
    ['too few octets', '1.2.3', UNKNOWN_LOCATION],
    ['a host name', 'example.com', UNKNOWN_LOCATION],
    ['an address with a port', '8.8.8.8:53', UNKNOWN_LOCATION],
    ['a CIDR range', '8.8.8.0/24', UNKNOWN_LOCATION],
    ['very long input', '1'.repeat(10_000), UNKNOWN_LOCATION],
    ['NUL inside', '8.8.8.8\u0000', UNKNOWN_LOCATION],
  ])('%s (%s)', async (_label, ip, expected) => {
    expect(await geoIp.lookup(ip)).toMatchObject(expected);
  });

  it('loads its data once, however many look-ups start together', async () => {
    const fresh = new LocalGeoIp();
    const answers = await Promise.all(
      ['114.114.114.114', '8.8.8.8', '2400:3200::1', '203.198.7.66'].map((ip) => fresh.lookup(ip)),
    );
    expect(answers.map((answer) => answer.countryCode)).toEqual(['CN', 'US', 'CN', 'HK']);
  });

  it('answers private and malformed addresses without reading any data', async () => {
    const fresh = new LocalGeoIp();
    await fresh.lookup('garbage');
    await fresh.lookup('127.0.0.1');
    // Nothing was loaded: the private field stays unset until a routable address comes.
    expect(Object.getOwnPropertyNames(fresh)).toEqual([]);
  });
});
