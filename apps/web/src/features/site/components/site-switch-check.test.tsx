import type { SiteInfo } from '@ninety/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../../lib/page';
import { ok, stubApi, type StubApi } from '../../../testing/stub-api';
import { saveLocation } from '../location-check';
import { SiteSwitchCheck } from './site-switch-check';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const here = () => window.location.origin;
const elsewhere = 'https://ninety-other.example';

function sites(site: 'main' | 'international'): SiteInfo {
  return {
    mainSites: site === 'main' ? [here()] : [elsewhere],
    internationalSites: site === 'international' ? [here()] : [elsewhere],
    icp: null,
    publicSecurity: null,
  };
}

const located = (nationCode: number | null) =>
  ok({ nationCode, countryCode: null, mainland: nationCode === 156, province: '', city: '' });

function renderCheck() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SiteSwitchCheck />
    </QueryClientProvider>,
  );
}

async function checked(api: StubApi) {
  await waitFor(() => expect(api.requestsTo('GET /api/location/ip')).toHaveLength(1));
}

describe('the location check (spec §4)', () => {
  it('offers the main site to a mainland learner on the international site, signed in', async () => {
    localStorage.setItem('token', 'tok-123');
    const api = stubApi({
      'GET /api/site/info': ok(sites('international')),
      'GET /api/location/ip': located(156),
    });
    renderCheck();
    const dialog = await screen.findByRole('dialog', { name: '切换站点？' });
    expect(dialog).toHaveTextContent('你现在位于中国大陆，正在访问 Ninety 国际站');
    expect(dialog).toHaveTextContent('切换后保持登录');
    await userEvent.setup().click(screen.getByRole('button', { name: '切换到大陆站' }));
    expect(assign).toHaveBeenCalledWith(`${elsewhere}/?token=tok-123`);
    await checked(api);
    // Saved under the spec's key with its weekday.
    expect(JSON.parse(localStorage.getItem('location')!)).toMatchObject({
      location: { nationCode: 156 },
      weekday: new Date().getDay(),
    });
  });

  it('offers the international site to a learner abroad on the main site; 留在本站 closes it', async () => {
    stubApi({
      'GET /api/site/info': ok(sites('main')),
      'GET /api/location/ip': located(36),
    });
    renderCheck();
    const dialog = await screen.findByRole('dialog', { name: '切换站点？' });
    expect(dialog).toHaveTextContent('你现在不在中国大陆，正在访问 Ninety 大陆站');
    await userEvent.setup().click(screen.getByRole('button', { name: '留在本站' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the other site signed out without a token', async () => {
    stubApi({
      'GET /api/site/info': ok(sites('main')),
      'GET /api/location/ip': located(840),
    });
    renderCheck();
    await screen.findByRole('dialog', { name: '切换站点？' });
    await userEvent.setup().click(screen.getByRole('button', { name: '切换到国际站' }));
    expect(assign).toHaveBeenCalledWith(`${elsewhere}/`);
  });

  it.each([
    ['mainland on the main site', 'main' as const, 156],
    ['abroad on the international site', 'international' as const, 36],
    ['an unknown location', 'main' as const, null],
  ])('asks nothing for %s', async (_label, site, nationCode) => {
    const api = stubApi({
      'GET /api/site/info': ok(sites(site)),
      'GET /api/location/ip': located(nationCode),
    });
    renderCheck();
    await checked(api);
    await waitFor(() => expect(localStorage.getItem('location')).not.toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks once a day: a location saved today asks the server nothing', async () => {
    saveLocation({ nationCode: 36, countryCode: 'AU', mainland: false, province: '', city: '' });
    const api = stubApi({
      'GET /api/site/info': ok(sites('main')),
      'GET /api/location/ip': located(36),
    });
    renderCheck();
    await waitFor(() => expect(api.requestsTo('GET /api/site/info')).toHaveLength(1));
    // Give a check that should not happen the time to start.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET /api/location/ip')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not check on a host that is neither site (development)', async () => {
    const api = stubApi({
      'GET /api/site/info': ok({ ...sites('main'), mainSites: [elsewhere] }),
      'GET /api/location/ip': located(36),
    });
    renderCheck();
    await waitFor(() => expect(api.requestsTo('GET /api/site/info')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('GET /api/location/ip')).toHaveLength(0);
  });
});
