import type { QrLoginInfo } from '@ninety/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { resetHttpState } from '../../lib/http';
import { onLoginRequested } from '../../lib/login-events';
import { page } from '../../lib/page';
import { toast } from '../../lib/toast';
import { renderApp } from '../../testing/render-app';

const UUID = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Handler = (init: RequestInit) => Response;

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let handlers: Record<string, Handler> = {};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function buildInfo(overrides: Partial<QrLoginInfo> = {}): QrLoginInfo {
  return {
    uuid: UUID,
    status: 'scanned',
    expiresAt: '2026-11-22T08:02:00.000Z',
    requestedFrom: { ip: '203.0.113.7', userAgent: CHROME_ON_LINUX },
    ...overrides,
  };
}

function qrLoginCalls() {
  return fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/user/qrLogin'));
}

function callsTo(method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => init.method === method && url.split('?')[0] === path,
  );
}

function signIn() {
  localStorage.setItem('token', 'tok-phone');
}

beforeEach(() => {
  handlers = {};
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
  vi.useRealTimers();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('qr confirm page', () => {
  it.each([
    ['without a uuid', '/m/qr-confirm'],
    ['with a malformed uuid', '/m/qr-confirm?uuid=not-a-uuid'],
  ])('says the code is invalid %s and asks nothing', async (_label, url) => {
    signIn();
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: '二维码无效' })).toBeVisible();
    expect(screen.getByText('二维码无效，请在电脑上重新打开登录二维码')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(qrLoginCalls()).toEqual([]);
  });

  it('asks a signed-out phone to sign in first, without calling the server', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    const stopListening = onLoginRequested(onLogin);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByRole('heading', { level: 1, name: '确认登录' })).toBeVisible();
    expect(screen.getByText('请先登录 Ninety 账号，再确认电脑端登录')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(qrLoginCalls()).toEqual([]);
    stopListening();
  });

  it('shows what is being signed in, and confirms it', async () => {
    const user = userEvent.setup();
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo() });
    handlers['POST /api/user/qrLogin/confirm'] = () => json({ data: { ok: true } });
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: '登录 Ninety 网页版' }),
    ).toBeVisible();
    expect(screen.getByText('Chrome 浏览器（Linux）')).toBeVisible();
    expect(screen.getByText('203.0.113.7')).toBeVisible();
    const [infoUrl, infoInit] = callsTo('GET', '/api/user/qrLogin')[0]!;
    expect(infoUrl).toBe(`/api/user/qrLogin?uuid=${UUID}`);
    expect((infoInit.headers as Record<string, string>).token).toBe('tok-phone');

    await user.click(screen.getByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('已确认登录，电脑端将自动进入')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: '已确认登录' })).toBeVisible();
    const [, confirmInit] = callsTo('POST', '/api/user/qrLogin/confirm')[0]!;
    expect(JSON.parse(confirmInit.body as string)).toEqual({ uuid: UUID });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/user/qrLogin/cancel')).toHaveLength(0);
  });

  it('cancels', async () => {
    const user = userEvent.setup();
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo({ status: 'waiting' }) });
    handlers['POST /api/user/qrLogin/cancel'] = () => json({ data: { ok: true } });
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(await screen.findByRole('heading', { level: 1, name: '已取消登录' })).toBeVisible();
    const [, cancelInit] = callsTo('POST', '/api/user/qrLogin/cancel')[0]!;
    expect(JSON.parse(cancelInit.body as string)).toEqual({ uuid: UUID });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('describes a request with no browser or IP on record', async () => {
    signIn();
    handlers['GET /api/user/qrLogin'] = () =>
      json({ data: buildInfo({ requestedFrom: { ip: null, userAgent: null } }) });
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByText('未知浏览器')).toBeVisible();
    expect(screen.getByText('未知')).toBeVisible();
  });

  it.each([
    ['confirmed', '已确认登录', '已确认登录，电脑端将自动进入'],
    ['consumed', '电脑端已登录', '这个二维码已用于登录，无需再次确认'],
    ['canceled', '已取消登录', '电脑端不会登录；如需登录，请在电脑上刷新二维码后重新扫码'],
    ['expired', '二维码已过期', '二维码已过期，请在电脑上刷新二维码'],
  ] as const)('a %s code shows its final state without buttons', async (status, title, text) => {
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo({ status }) });
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['40005', 40005, '二维码已过期，请刷新后重新扫码', 400, '二维码已过期，请在电脑上刷新二维码'],
    ['40401', 40401, '二维码不存在或已过期，请在电脑上刷新二维码', 404, '二维码不存在或已过期'],
  ])('reading the code answers %s: says so, quietly', async (_label, code, msg, status, text) => {
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ code, msg }, status);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: '无法确认登录' })).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows any other error message and can load again', async () => {
    const user = userEvent.setup();
    signIn();
    handlers['GET /api/user/qrLogin'] = () =>
      json({ code: 42901, msg: '操作过于频繁，请稍后再试' }, 429);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeVisible();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo() });
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '登录 Ninety 网页版' }),
    ).toBeVisible();
  });

  it('a session that ended offers no retry: the page signs out and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    signIn();
    handlers['GET /api/user/qrLogin'] = () =>
      json({ code: 100017, msg: '账号已在其他地方登录或已退出，请重新登录' }, 401);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    expect(await screen.findByText('账号已在其他地方登录或已退出，请重新登录')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    vi.advanceTimersByTime(1500);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a code that expires before the confirm says so and drops the buttons', async () => {
    const user = userEvent.setup();
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo() });
    handlers['POST /api/user/qrLogin/confirm'] = () =>
      json({ code: 40005, msg: '二维码已过期，请刷新后重新扫码' }, 400);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    await user.click(await screen.findByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('二维码已过期，请在电脑上刷新二维码')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('another confirm error shows its message and keeps the buttons', async () => {
    const user = userEvent.setup();
    signIn();
    handlers['GET /api/user/qrLogin'] = () => json({ data: buildInfo() });
    handlers['POST /api/user/qrLogin/confirm'] = () =>
      json({ code: 50000, msg: '服务器开小差了，请稍后再试' }, 500);
    renderApp(`/m/qr-confirm?uuid=${UUID}`);

    await user.click(await screen.findByRole('button', { name: '确认登录' }));
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: '确认登录' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '取消' })).toBeEnabled();
  });
});
