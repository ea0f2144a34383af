import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../lib/page';
import type { pageLoaders } from './page-loaders';
import { sessionKeys } from '../lib/storage-keys';
import { signIn } from '../testing/stub-api';
import { renderApp } from '../testing/render-app';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';

// The 题库 page's code is "missing", as after a deploy that removed the old chunks.
vi.mock('./page-loaders', async (importOriginal) => {
  const original = await importOriginal<{ pageLoaders: typeof pageLoaders }>();
  return {
    pageLoaders: {
      ...original.pageLoaders,
      question: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    },
  };
});

describe('a page whose code fails to load', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    // 题库 and 个人中心 need a session.
    signIn();
  });

  afterEach(() => vi.restoreAllMocks());

  it('the first time, reloads the page instead of showing an error', async () => {
    renderApp('/question');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(sessionKeys.chunkReloadAt)).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('right after a reload, shows 页面加载失败 inside the layout, with a 重新加载 button', async () => {
    sessionStorage.setItem(sessionKeys.chunkReloadAt, String(Date.now() - 2_000));
    const user = userEvent.setup();
    renderApp('/question');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '页面加载失败' })).toBeInTheDocument();
    // The header still works, so the learner can go elsewhere.
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('other pages still open', async () => {
    sessionStorage.setItem(sessionKeys.chunkReloadAt, String(Date.now() - 2_000));
    renderApp('/center');
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeInTheDocument();
  });
});

describe('route error page', () => {
  it('any other error shows 页面出错了 with 重新加载', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderApp('/', [
      {
        element: <RootShell />,
        errorElement: <RouteErrorPage />,
        children: [{ index: true, element: <Broken /> }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: '页面出错了' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
