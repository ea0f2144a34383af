import { ErrorCode, type DeviceSession } from '@ninety/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../../lib/page';
import { toast } from '../../../lib/toast';
import { buildUser } from '../../../testing/build-user';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, signIn } from '../../../testing/stub-api';

const wxInfo = ok({
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  type: 1,
  wx: 'ninety-pte',
  wxImgQr: '',
});

const now = Date.now();
const device = (overrides: Partial<DeviceSession>): DeviceSession => ({
  id: 1,
  clientType: 'pcweb',
  device: 'Windows · Chrome',
  ip: '114.114.*.*',
  signedInAt: new Date(now - 86_400_000).toISOString(),
  lastSeenAt: new Date(now - 120_000).toISOString(),
  current: false,
  ...overrides,
});

const here = device({ id: 7, device: 'Mac · Safari', current: true });
const phone = device({ id: 3, device: 'iPhone · 微信', clientType: 'h5', ip: '223.5.*.*' });

let reload: ReturnType<typeof vi.spyOn>;
let success: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  // The toast's own animation outlives the test; that it is asked for is what matters here.
  success = vi.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function devicesPanel() {
  return screen.findByRole('region', { name: '登录设备' }, { timeout: 10_000 });
}

describe('个人中心 · 登录设备', { timeout: 60_000 }, () => {
  it('lists the devices, this one marked 本机', async () => {
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': ok({ list: [here, phone] }),
    });
    renderApp('/center');
    const panel = await devicesPanel();
    const mine = await within(panel).findByRole(
      'listitem',
      { name: 'Mac · Safari' },
      { timeout: 10_000 },
    );
    expect(within(mine).getByText('本机')).toBeInTheDocument();
    const other = within(panel).getByRole('listitem', { name: 'iPhone · 微信' });
    expect(other).toHaveTextContent('手机网页 · IP 223.5.*.* · 最近活动 2分钟前');
    expect(within(other).queryByText('本机')).toBeNull();
  });

  it('signs another device out after a confirmation and refreshes the list', async () => {
    let list = [here, phone];
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': () => ok({ list }),
      'POST /api/auth/sessions/signOut': () => {
        list = [here];
        return ok({ signedOut: 1, current: false });
      },
    });
    const user = userEvent.setup();
    renderApp('/center');
    const panel = await devicesPanel();
    await user.click(
      await within(panel).findByRole('button', { name: '退出 iPhone · 微信' }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('button', { name: '确定退出' }));
    await waitFor(() => expect(api.requestsTo('POST /api/auth/sessions/signOut')).toHaveLength(1));
    expect(api.requestsTo('POST /api/auth/sessions/signOut')[0]!.body).toEqual({ id: 3 });
    await waitFor(() => expect(success).toHaveBeenCalledWith('已退出该设备'));
    await waitFor(() =>
      expect(within(panel).queryByRole('listitem', { name: 'iPhone · 微信' })).toBeNull(),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('退出全部设备 ends every session and starts this page over signed out', async () => {
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': ok({ list: [here, phone] }),
      'POST /api/auth/sessions/signOutAll': ok({ signedOut: 2, current: true }),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const panel = await devicesPanel();
    await user.click(
      await within(panel).findByRole('button', { name: '退出全部设备' }, { timeout: 10_000 }),
    );
    expect(await screen.findByText('包括本机在内，所有设备都需要重新登录。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '全部退出' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /api/auth/sessions/signOutAll')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a device already signed out elsewhere refreshes the list', async () => {
    let list = [here, phone];
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': () => ok({ list }),
      'POST /api/auth/sessions/signOut': () => {
        list = [here];
        return fail(ErrorCode.NotFound, '该设备已退出登录', 404);
      },
    });
    const user = userEvent.setup();
    renderApp('/center');
    const panel = await devicesPanel();
    await user.click(
      await within(panel).findByRole('button', { name: '退出 iPhone · 微信' }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('button', { name: '确定退出' }));
    await waitFor(() =>
      expect(within(panel).queryByRole('listitem', { name: 'iPhone · 微信' })).toBeNull(),
    );
    expect(api.requestsTo('GET /api/auth/sessions').length).toBeGreaterThanOrEqual(2);
  });

  it('links to the time-zone setting in 学习中心', async () => {
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': ok({ list: [here] }),
    });
    renderApp('/center');
    const settings = await screen.findByRole('region', { name: '练习设置' }, { timeout: 10_000 });
    expect(within(settings).getByRole('link', { name: '去学习中心设置时区' })).toHaveAttribute(
      'href',
      '/data',
    );
  });
});

describe('个人中心 · 昵称', { timeout: 60_000 }, () => {
  it('renames the learner and refreshes the account', async () => {
    let nickname = '小九';
    const api = signIn(buildUser({ nickname }), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/auth/sessions': ok({ list: [here] }),
      'GET /api/auth/getUser': () => ok(buildUser({ nickname })),
      'POST /api/user/updateNickname': (request) => {
        nickname = (request.body as { nickname: string }).nickname;
        return ok({ nickname });
      },
    });
    const user = userEvent.setup();
    renderApp('/center');
    const account = await screen.findByRole('region', { name: '账户' }, { timeout: 10_000 });
    await user.click(within(account).getByRole('button', { name: '修改昵称' }));
    const input = within(account).getByRole('textbox', { name: '新昵称' });
    await user.clear(input);
    await user.type(input, '  Nine  ');
    await user.click(within(account).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/user/updateNickname')[0]?.body).toEqual({
        nickname: 'Nine',
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('昵称已保存'));
    expect(await within(account).findByText('Nine')).toBeInTheDocument();
    expect(within(account).queryByRole('textbox', { name: '新昵称' })).toBeNull();
  });
});
