import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

async function headerNav() {
  const banner = await screen.findByRole('banner');
  return within(within(banner).getByRole('navigation', { name: '主导航' }));
}

describe('home layout', () => {
  it('shows the brand and the header links of spec §2', async () => {
    renderApp('/');
    const nav = await headerNav();
    const expected: [string, string][] = [
      ['首页', '/'],
      ['高频', '/high'],
      ['题库', '/question'],
      ['学习中心', '/data'],
      ['微课', '/micro-course'],
      ['资料', '/material'],
      ['模考', '/mock'],
      ['个人中心', '/center'],
    ];
    for (const [name, href] of expected) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('link', { name: 'Ninety 首页' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Ninety PTE 备考');
  });

  it('opens VIP in a new tab', async () => {
    renderApp('/');
    const vip = (await headerNav()).getByRole('link', { name: 'VIP' });
    expect(vip).toHaveAttribute('href', '/wow-vip');
    expect(vip).toHaveAttribute('target', '_blank');
    expect(vip).toHaveAttribute('rel', 'noopener');
  });

  it('highlights the link of the current page', async () => {
    renderApp('/high');
    const nav = await headerNav();
    await waitFor(() =>
      expect(nav.getByRole('link', { name: '高频' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(nav.getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
  });

  it('highlights 工具 on a tools page', async () => {
    renderApp('/tools/favorites');
    const nav = await headerNav();
    await waitFor(() =>
      expect(nav.getByRole('button', { name: '工具' })).toHaveAttribute('aria-current', 'true'),
    );
  });

  it('has a 工具 menu with favourites, listening and the two static tests', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = await headerNav();
    const tools = nav.getByRole('button', { name: '工具' });
    expect(tools).toHaveAttribute('aria-expanded', 'false');

    await user.click(tools);
    expect(tools).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: '收藏' })).toHaveAttribute('href', '/tools/favorites');
    expect(nav.getByRole('link', { name: '精听' })).toHaveAttribute('href', '/IntensiveListening');
    expect(nav.getByRole('link', { name: '水平测试' })).toHaveAttribute(
      'href',
      '/static/level-test.html',
    );
    expect(nav.getByRole('link', { name: '迷你模考' })).toHaveAttribute(
      'href',
      '/static/mini-mock.html',
    );

    await user.keyboard('{Escape}');
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(tools).toHaveFocus();
  });

  it('opens the 工具 menu while the mouse is over it', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = await headerNav();
    const tools = nav.getByRole('button', { name: '工具' });
    await user.hover(tools);
    expect(tools).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(tools);
    expect(tools).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a menu link and closes the menu', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const nav = await headerNav();
    await user.click(nav.getByRole('button', { name: '工具' }));
    await user.click(nav.getByRole('link', { name: '收藏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tools/favorites'));
    expect(nav.getByRole('button', { name: '工具' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a narrow screen, the menu button opens a drawer with the same links', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: '打开导航菜单' }));

    const drawer = within(await screen.findByRole('dialog'));
    for (const name of [
      '首页',
      '高频',
      '题库',
      '收藏',
      '精听',
      '学习中心',
      '微课',
      '资料',
      '模考',
    ]) {
      expect(drawer.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(drawer.getByRole('link', { name: '水平测试' })).toHaveAttribute(
      'href',
      '/static/level-test.html',
    );
    expect(drawer.getByRole('link', { name: 'VIP' })).toHaveAttribute('target', '_blank');

    await user.click(drawer.getByRole('link', { name: '个人中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '打开导航菜单' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });
});
