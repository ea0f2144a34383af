import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../testing/build-user';
import { stubApi, ok, signIn } from '../../testing/stub-api';
import { page } from '../../lib/page';
import { renderApp } from '../../testing/render-app';

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
    signIn();
    renderApp('/high');
    const nav = await headerNav();
    await waitFor(() =>
      expect(nav.getByRole('link', { name: '高频' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(nav.getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
  });

  it('highlights 工具 on a tools page', async () => {
    signIn();
    renderApp('/tools/favorites');
    const nav = await headerNav();
    await waitFor(() =>
      expect(nav.getByRole('button', { name: '工具' })).toHaveAttribute('aria-current', 'true'),
    );
  });

  it('searches from a plain input that becomes the search box, keeping what was typed', async () => {
    const api = stubApi({
      'GET /api/posts/getfuzzy': ok({
        list: [
          {
            id: 'wfd-0001',
            type: 'WFD',
            typeNameZh: '听写句子',
            number: 1,
            title: 'Library opening hours',
            snippet: '',
          },
        ],
        total: 1,
        totalCapped: false,
        page: 1,
        perPage: 30,
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const banner = within(await screen.findByRole('banner'));
    // Nothing of the search box's code is needed to show the page.
    expect(banner.queryByRole('combobox', { name: '搜索题目' })).not.toBeInTheDocument();

    await user.type(banner.getByRole('searchbox', { name: '搜索题目' }), 'lib');
    const box = await banner.findByRole('combobox', { name: '搜索题目' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'rary');
    expect(box).toHaveValue('library');
    await waitFor(() =>
      expect(
        api.requestsTo('GET /api/posts/getfuzzy').at(-1)?.url.searchParams.get('content'),
      ).toBe('library'),
    );
    // Picking a hit and landing on its exercise page is the e2e journey's part.
    expect(await screen.findByText('Library opening hours')).toBeInTheDocument();
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
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const nav = await headerNav();
    await user.click(nav.getByRole('button', { name: '工具' }));
    await user.click(nav.getByRole('link', { name: '收藏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tools/favorites'));
    expect(nav.getByRole('button', { name: '工具' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a narrow screen, the menu button opens a drawer with the same links', async () => {
    signIn();
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

describe('the account corner of the header', () => {
  afterEach(() => vi.restoreAllMocks());

  it('signed out: a 登录/注册 button opens the login dialog, and nothing asks for the user', async () => {
    const api = stubApi({ 'POST /api/message/countryList': ok([]) });
    const user = userEvent.setup();
    renderApp('/');
    const nav = await headerNav();
    await user.click(nav.getByRole('button', { name: '登录/注册' }));
    expect(
      await screen.findByRole('dialog', { name: '手机验证码登录' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET /api/auth/getUser')).toEqual([]);
  });

  it('signed in: avatar, nickname and the uses left of a non-member', async () => {
    signIn(buildUser({ nickname: '小明', icon: '/avatars/1.png', energy: 3 }));
    renderApp('/');
    const nav = await headerNav();
    const account = await nav.findByRole('button', { name: /小明/ });
    expect(account).toHaveTextContent('剩余 3 次');
    expect(account.querySelector('img')).toHaveAttribute('src', '/avatars/1.png');
    expect(nav.queryByRole('button', { name: '登录/注册' })).toBeNull();
  });

  it('signed in as a member: a VIP badge', async () => {
    signIn(buildUser({ nickname: '小红', isMember: true }));
    renderApp('/');
    const account = await (await headerNav()).findByRole('button', { name: /小红/ });
    expect(account).toHaveTextContent('VIP');
    expect(account).not.toHaveTextContent('剩余');
  });

  it('the menu has 个人中心 and 退出登录, which signs out, clears storage and reloads', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const api = signIn(buildUser({ nickname: '小明' }), {
      'POST /api/auth/logout': ok({ loggedOut: true }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const nav = await headerNav();
    const account = await nav.findByRole('button', { name: /小明/ });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const menu = within(document.getElementById(account.getAttribute('aria-controls') ?? '')!);
    expect(menu.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/center');

    await user.click(menu.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /api/auth/logout')[0]?.headers.token).toBe('test-token');
    expect(localStorage.length).toBe(0);
  });

  it('signs out locally even when the server call fails', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    signIn(buildUser({ nickname: '小明' }));
    const user = userEvent.setup();
    renderApp('/');
    const account = await (await headerNav()).findByRole('button', { name: /小明/ });
    await user.click(account);
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('in the drawer: 登录/注册 closes the drawer and opens the dialog', async () => {
    stubApi({ 'POST /api/message/countryList': ok([]) });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '打开导航菜单' }));
    const drawer = within(await screen.findByRole('dialog', { name: '导航' }));
    await user.click(drawer.getByRole('button', { name: '登录/注册' }));
    // jsdom gives antd's drawer and dialog the same title id, so the dialog is found by its field.
    expect(
      await screen.findByPlaceholderText('请输入手机号', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '打开导航菜单' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });

  it('in the drawer, signed in: who is signed in, and 退出登录', async () => {
    signIn(buildUser({ nickname: '小明', energy: 7 }));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '打开导航菜单' }));
    const drawer = within(await screen.findByRole('dialog', { name: '导航' }));
    const account = within(await drawer.findByRole('region', { name: '账户' }));
    expect(await account.findByText('小明')).toBeInTheDocument();
    expect(account.getByText('剩余 7 次')).toBeInTheDocument();
    expect(account.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  });
});
