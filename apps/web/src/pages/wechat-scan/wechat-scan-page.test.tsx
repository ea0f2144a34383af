import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { resetHttpState } from '../../lib/http';
import { toast } from '../../lib/toast';
import { renderApp } from '../../testing/render-app';
import type { SimulatedIdentity } from './api/wechat-identities';

const SCENE_ID = '0123456789abcdef01234567';
const PAGE_URL = `/m/wechat-scan?sceneId=${SCENE_ID}`;

type Handler = (init: RequestInit) => Response;

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let handlers: Record<string, Handler> = {};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const bound: SimulatedIdentity = { openId: 'local-bound', nickname: '小王', hasPhone: true };
const unbound: SimulatedIdentity = { openId: 'local-unbound', nickname: '小李', hasPhone: false };

function scanCalls() {
  return fetchMock.mock.calls
    .filter(([url, init]) => init.method === 'POST' && url === '/api/dev/wechat/scan')
    .map(([, init]) => JSON.parse(init.body as string) as unknown);
}

async function identityItem(nickname: string) {
  const name = await screen.findByText(nickname);
  const item = name.closest('li');
  if (!item) throw new Error(`${nickname} is not in a list item`);
  return within(item);
}

beforeEach(() => {
  handlers = { 'GET /api/dev/wechat/identities': () => json({ data: [bound, unbound] }) };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const path = url.split('?')[0];
    const handler = handlers[`${init.method} ${path}`];
    // The app shell has calls of its own (e.g. the signed-in user's info); they are not ours.
    return handler ? handler(init) : json({ status: 404, error: 'Not Found', path }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'error').mockImplementation(() => {});
  resetHttpState();
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('wechat scan simulator page', () => {
  it('says it is the local simulator and lists the identities, without scanning', async () => {
    renderApp(PAGE_URL);

    expect(await screen.findByRole('heading', { level: 1, name: '模拟微信扫码' })).toBeVisible();
    expect(
      screen.getByText('这是本地开发环境的微信扫码模拟器：生产环境中由真实微信完成扫码'),
    ).toBeVisible();
    const wang = await identityItem('小王');
    expect(wang.getByText('已绑定手机')).toBeVisible();
    expect(wang.getByText('local-bound')).toBeVisible();
    const li = await identityItem('小李');
    expect(li.getByText('未绑定手机')).toBeVisible();
    expect(screen.getAllByRole('button', { name: '以此身份扫码' })).toHaveLength(2);
    expect(scanCalls()).toEqual([]);
  });

  it('scans as an existing identity that has a phone', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () => json({ data: bound });
    renderApp(PAGE_URL);

    await user.click((await identityItem('小王')).getByRole('button', { name: '以此身份扫码' }));
    expect(await screen.findByText('扫码成功，请回到电脑上继续')).toBeVisible();
    expect(screen.getByText('微信身份：小王')).toBeVisible();
    expect(screen.queryByText('该微信尚未绑定手机号，电脑端将要求绑定手机号')).toBeNull();
    expect(scanCalls()).toEqual([{ sceneId: SCENE_ID, openId: 'local-bound' }]);
  });

  it('scans as an identity without a phone and says the desktop will ask for one', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () => json({ data: unbound });
    renderApp(PAGE_URL);

    await user.click((await identityItem('小李')).getByRole('button', { name: '以此身份扫码' }));
    expect(await screen.findByText('扫码成功，请回到电脑上继续')).toBeVisible();
    expect(screen.getByText('该微信尚未绑定手机号，电脑端将要求绑定手机号')).toBeVisible();
  });

  it('scans as a new WeChat user with the nickname typed in', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () =>
      json({ data: { openId: 'local-new', nickname: 'Lucy', hasPhone: false } });
    renderApp(PAGE_URL);

    expect(await screen.findByRole('heading', { name: '新的微信用户' })).toBeVisible();
    const nickname = screen.getByLabelText('昵称');
    expect(nickname).toHaveValue('微信用户');
    expect(nickname).toHaveAttribute('maxlength', '30');
    await user.clear(nickname);
    await user.type(nickname, '  Lucy ');
    await user.click(screen.getByRole('button', { name: '以新身份扫码' }));

    expect(await screen.findByText('扫码成功，请回到电脑上继续')).toBeVisible();
    expect(screen.getByText('该微信尚未绑定手机号，电脑端将要求绑定手机号')).toBeVisible();
    expect(scanCalls()).toEqual([{ sceneId: SCENE_ID, nickname: 'Lucy' }]);
  });

  it('refuses a blank nickname', async () => {
    const user = userEvent.setup();
    renderApp(PAGE_URL);

    await user.clear(await screen.findByLabelText('昵称'));
    await user.click(screen.getByRole('button', { name: '以新身份扫码' }));
    expect(screen.getByText('请输入昵称')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('昵称')).toHaveAttribute('aria-invalid', 'true');
    expect(scanCalls()).toEqual([]);
  });

  it('says when there are no identities yet', async () => {
    handlers['GET /api/dev/wechat/identities'] = () => json({ data: [] });
    renderApp(PAGE_URL);

    expect(await screen.findByText('还没有模拟的微信身份，可在下方以新身份扫码')).toBeVisible();
    expect(screen.getByRole('button', { name: '以新身份扫码' })).toBeEnabled();
  });

  it('an expired code asks to refresh it on the desktop', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () =>
      json({ code: 40005, msg: '二维码已过期，请刷新后重新扫码' }, 400);
    renderApp(PAGE_URL);

    await user.click(await screen.findByRole('button', { name: '以新身份扫码' }));
    expect(await screen.findByText('二维码已过期，请在电脑上刷新')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('lists the identities again after a scan, since the server may have made one', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () =>
      json({ code: 40005, msg: '二维码已过期，请刷新后重新扫码' }, 400);
    renderApp(PAGE_URL);

    await user.click(await screen.findByRole('button', { name: '以新身份扫码' }));
    await screen.findByText('二维码已过期，请在电脑上刷新');
    const listCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/dev/wechat/identities');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('shows another scan error and keeps the list', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () =>
      json({ code: 40401, msg: '模拟微信身份不存在' }, 404);
    renderApp(PAGE_URL);

    await user.click((await identityItem('小王')).getByRole('button', { name: '以此身份扫码' }));
    expect(await screen.findByText('模拟微信身份不存在')).toBeVisible();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: '以此身份扫码' })[0]).toBeEnabled(),
    );
  });

  it('says when the server runs the real WeChat provider', async () => {
    handlers['GET /api/dev/wechat/identities'] = () =>
      json({ status: 404, error: 'Not Found', path: '/api/dev/wechat/identities' }, 404);
    renderApp(PAGE_URL);

    expect(await screen.findByText('当前服务器未启用微信扫码模拟器')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the scan endpoint is missing too', async () => {
    const user = userEvent.setup();
    handlers['POST /api/dev/wechat/scan'] = () =>
      json({ status: 404, error: 'Not Found', path: '/api/dev/wechat/scan' }, 404);
    renderApp(PAGE_URL);

    await user.click(await screen.findByRole('button', { name: '以新身份扫码' }));
    expect(await screen.findByText('当前服务器未启用微信扫码模拟器')).toBeVisible();
  });

  it.each([
    ['without a sceneId', '/m/wechat-scan'],
    ['with a malformed sceneId', '/m/wechat-scan?sceneId=xyz'],
  ])('says the code is invalid %s and calls nothing', async (_label, url) => {
    renderApp(url);

    expect(await screen.findByText('二维码无效，请在电脑上重新打开登录二维码')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: '模拟微信扫码' })).toBeVisible();
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/dev/wechat/'))).toEqual([]);
  });
});
