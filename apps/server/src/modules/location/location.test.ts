import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The location check's endpoint (spec §4) and the site information: the nation code of the
 * request's address from the offline data, fixed addresses from configuration, X-Forwarded-For
 * believed only from a configured proxy, and the hosts and filings from configuration.
 */

const clock = testClock();

async function appWith(env: Record<string, string>): Promise<App> {
  return buildApp(testConfig(env), { database: await openTestDatabase(), clock });
}

describe('GET /api/location/ip', () => {
  let app: App;
  let behindProxy: App;
  beforeAll(async () => {
    app = await appWith({ GEOIP_FIXED_ADDRESSES: '127.0.0.2=36, 10.9.9.9=156' });
    behindProxy = await appWith({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
  });

  const from = (target: App, remoteAddress: string, headers: Record<string, string> = {}) =>
    target.inject({ method: 'GET', url: '/api/location/ip', remoteAddress, headers });

  it.each([
    [
      'a mainland address',
      '114.114.114.114',
      { nationCode: 156, countryCode: 'CN', mainland: true, province: '江苏省', city: '南京市' },
    ],
    [
      'Hong Kong',
      '203.198.7.66',
      { nationCode: 344, countryCode: 'HK', mainland: false, province: '' },
    ],
    ['Taiwan', '168.95.1.1', { nationCode: 158, countryCode: 'TW', mainland: false }],
    ['Australia', '139.130.4.5', { nationCode: 36, countryCode: 'AU', mainland: false }],
    ['IPv6 abroad', '2001:4860:4860::8888', { nationCode: 840, countryCode: 'US' }],
    ['loopback', '127.0.0.1', { nationCode: null, countryCode: null, mainland: false }],
    [
      'a fixed address (configuration)',
      '127.0.0.2',
      { nationCode: 36, countryCode: 'AU', mainland: false },
    ],
    [
      'a fixed private address as mainland',
      '10.9.9.9',
      { nationCode: 156, countryCode: 'CN', mainland: true },
    ],
  ])('answers %s', async (_label, ip, expected) => {
    const response = await from(app, ip);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject(expected);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // The network operator stays on the server.
    expect(response.json().data).not.toHaveProperty('isp');
  });

  it('is public: no token needed', async () => {
    const response = await from(app, '8.8.8.8');
    expect(response.json().data.countryCode).toBe('US');
  });

  it('ignores X-Forwarded-For from a client, believes it from the configured proxy', async () => {
    const forged = await from(app, '139.130.4.5', { 'x-forwarded-for': '114.114.114.114' });
    expect(forged.json().data.countryCode).toBe('AU');
    const proxied = await from(behindProxy, '127.0.0.1', { 'x-forwarded-for': '114.114.114.114' });
    expect(proxied.json().data).toMatchObject({ nationCode: 156, mainland: true });
  });
});

describe('GET /api/site/info', () => {
  it('gives the configured hosts and filings, with their lookup links', async () => {
    const app = await appWith({
      SITE_MAIN_URLS: 'https://ninety.cn/, https://www.ninety.cn',
      SITE_INTERNATIONAL_URLS: 'https://ninety.com',
      ICP_LICENSE: '京ICP备12345678号-1',
      PUBLIC_SECURITY_FILING: '京公网安备 11010502030143号',
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/site/info' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        mainSites: ['https://ninety.cn', 'https://www.ninety.cn'],
        internationalSites: ['https://ninety.com'],
        icp: { text: '京ICP备12345678号-1', url: 'https://beian.miit.gov.cn/' },
        publicSecurity: {
          text: '京公网安备 11010502030143号',
          url: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143',
        },
      });
    } finally {
      await app.close();
    }
  });

  it('gives nothing to show when nothing is configured', async () => {
    const app = await appWith({});
    try {
      const response = await app.inject({ method: 'GET', url: '/api/site/info' });
      expect(response.json().data).toEqual({
        mainSites: [],
        internationalSites: [],
        icp: null,
        publicSecurity: null,
      });
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  it.each([
    ['GEOIP_FIXED_ADDRESSES', 'localhost=156'],
    ['GEOIP_FIXED_ADDRESSES', '127.0.0.1'],
    ['GEOIP_FIXED_ADDRESSES', '127.0.0.1=CN'],
    ['SITE_MAIN_URLS', 'ninety.cn'],
    ['SITE_INTERNATIONAL_URLS', 'javascript:alert(1)'],
    ['ICP_LICENSE', 'x'.repeat(81)],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  it('reads fixed addresses, IPv6 included', () => {
    const config = loadConfig({ GEOIP_FIXED_ADDRESSES: '127.0.0.1=156,::1=36' });
    expect([...config.GEOIP_FIXED_ADDRESSES]).toEqual([
      ['127.0.0.1', 156],
      ['::1', 36],
    ]);
  });
});
