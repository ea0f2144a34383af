import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { onLoginRequested } from '../../../lib/login-events';
import { buildUser } from '../../../testing/build-user';
import { renderApp } from '../../../testing/render-app';
import { ok, signIn, stubApi } from '../../../testing/stub-api';
import { TeachingSiteLink } from './teaching-site-link';

/** Spec §7 "Links out: the teaching site opens with mobileToken". */
const site = ok({ url: 'https://teach.example.com/class?from=ninety' });

describe('the teaching-site link', () => {
  it('opens the configured site in a new tab with the mobileToken as a query', async () => {
    const user = buildUser();
    signIn(user, { 'GET /api/program/teachingSite': site });
    render(
      <AppProviders>
        <TeachingSiteLink />
      </AppProviders>,
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '教学网站' })).toHaveAttribute(
        'href',
        `https://teach.example.com/class?from=ninety&mobileToken=${user.mobileToken.token}`,
      ),
    );
    expect(screen.getByRole('link', { name: '教学网站' })).toHaveAttribute('target', '_blank');
  });

  it('is hidden when no teaching site is configured', async () => {
    const api = signIn(buildUser(), { 'GET /api/program/teachingSite': ok({ url: null }) });
    render(
      <AppProviders>
        <TeachingSiteLink />
      </AppProviders>,
    );
    await waitFor(() => expect(api.requestsTo('GET /api/program/teachingSite')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: '教学网站' })).not.toBeInTheDocument();
  });

  it('signed out, a click asks for sign-in first (the login guard)', async () => {
    stubApi({ 'GET /api/program/teachingSite': site });
    const asked = vi.fn();
    const stop = onLoginRequested(asked);
    render(
      <AppProviders>
        <TeachingSiteLink />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByRole('link', { name: '教学网站' }));
    expect(asked).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is an entry of the tools menu', async () => {
    signIn(buildUser(), { 'GET /api/program/teachingSite': site });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: '工具' }));
    expect(
      await screen.findByRole('link', { name: '教学网站' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', expect.stringContaining('mobileToken='));
  });
});
