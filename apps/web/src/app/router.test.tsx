import { screen, waitFor, within } from '@testing-library/react';
import NProgress from 'nprogress';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/build-user';
import { fail, signIn } from '../testing/stub-api';
import { renderApp } from '../testing/render-app';
import { redirectRoutes, redirectSamples, routeSamples } from './route-table';
import { loadProgress, progressSettings } from './navigation-progress';
import { RootShell } from './root-shell';

/** jsdom normalises colours to rgb(); compare through the same parser. */
function cssColour(colour: string): string {
  const probe = document.createElement('div');
  probe.style.background = colour;
  return probe.style.background;
}

describe('router', () => {
  it.each(routeSamples.map((sample) => [sample.url, sample] as const))(
    '%s sets its title and background',
    async (url, sample) => {
      if (!sample.isPublic) signIn();
      const { router } = renderApp(url);
      // A page's chunk is transformed on its first load; the exercise page's takes over a second.
      // A page may name what it shows in front of the route's title (a list: its type).
      await waitFor(() => expect(document.title.split(' · ').at(-1)).toBe(sample.documentTitle), {
        timeout: 5000,
      });
      expect(document.body.style.background).toBe(cssColour(sample.background));
      expect(router.state.location.pathname).toBe(url.split('?')[0]);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    },
  );

  it.each(redirectSamples.map((sample) => [sample.from, sample] as const))(
    '%s redirects',
    async (from, sample) => {
      if (!redirectRoutes.find((route) => `/${route.path}` === from)?.isPublic) signIn();
      const { router } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname).toBe(sample.to));
      await waitFor(() => expect(document.title).toBe(sample.documentTitle));
    },
  );

  it('the 404 page says the page does not exist and links home', async () => {
    renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('页面不存在 - Ninety PTE'));
  });

  it('the exercise page names the type from the URL and says when its item does not exist', async () => {
    signIn(buildUser(), {
      'GET /api/posts/detail': fail(40401, '题目不存在', 404),
    });
    renderApp('/exp/RA/ra-9999/2');
    expect(await screen.findByRole('heading', { name: '朗读 RA' })).toBeInTheDocument();
    expect(await screen.findByText('这道题不存在或已下线')).toBeInTheDocument();
  });

  it('configures the progress bar with the constants of spec §9', async () => {
    expect(progressSettings).toEqual({
      minimum: 0.08,
      speed: 200,
      trickleSpeed: 800,
      trickleRate: 0.02,
    });
    // nprogress loads with the first navigation; it is configured as it loads.
    expect(await loadProgress()).toBe(NProgress);
    expect(NProgress.settings).toMatchObject(progressSettings);
  });

  it('runs the progress bar while the next page loads and stops it when idle', async () => {
    let finishLoading = () => {};
    const slow = new Promise<null>((resolve) => {
      finishLoading = () => resolve(null);
    });
    const { router } = renderApp('/', [
      {
        element: <RootShell />,
        children: [
          { index: true, element: <p>起点</p> },
          { path: 'slow', loader: () => slow, element: <p>终点</p> },
        ],
      },
    ]);
    await screen.findByText('起点');
    expect(NProgress.isStarted()).toBe(false);

    void router.navigate('/slow');
    await waitFor(() => expect(NProgress.isStarted()).toBe(true));

    finishLoading();
    await screen.findByText('终点');
    await waitFor(() => expect(NProgress.isStarted()).toBe(false));
  });
});
