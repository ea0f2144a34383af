import type { SiteInfo } from '@ninety/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { ok, stubApi } from '../../../testing/stub-api';

const none: SiteInfo = { mainSites: [], internationalSites: [], icp: null, publicSecurity: null };

describe('the footer filings', () => {
  it('shows the ICP and public security filings, linking to their lookups', async () => {
    stubApi({
      'POST /api/message/countryList': ok([]),
      'GET /api/site/info': ok({
        ...none,
        icp: { text: '京ICP备12345678号-1', url: 'https://beian.miit.gov.cn/' },
        publicSecurity: {
          text: '京公网安备 11010502030143号',
          url: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143',
        },
      }),
    });
    renderApp('/material/index');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    const icp = await within(footer).findByRole(
      'link',
      { name: '京ICP备12345678号-1' },
      { timeout: 10_000 },
    );
    expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(icp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      within(footer).getByRole('link', { name: '京公网安备 11010502030143号' }),
    ).toHaveAttribute('href', 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143');
  });

  it('shows no filing when none is configured', async () => {
    const api = stubApi({
      'POST /api/message/countryList': ok([]),
      'GET /api/site/info': ok(none),
    });
    renderApp('/material/index');
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    await expect
      .poll(() => api.requestsTo('GET /api/site/info').length, { timeout: 10_000 })
      .toBe(1);
    expect(within(footer).queryByRole('link')).toBeNull();
  });
});
