import { ErrorCode } from '@ninety/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../../lib/page';
import { getToken } from '../../../lib/session';
import { sessionKeys } from '../../../lib/storage-keys';
import { buildUser } from '../../../testing/build-user';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, signIn } from '../../../testing/stub-api';
import { fileSaver } from '../api/export-account-data';

const centerRoutes = {
  'GET /api/program/getNewWxInfo': ok({
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    type: 1,
    wx: 'ninety-pte',
    wxImgQr: '',
  }),
};

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(page, 'assign').mockImplementation(() => {});
  sessionStorage.clear();
});
// Each test's spies start empty.
afterEach(() => {
  vi.restoreAllMocks();
});

/** The panel, once the lazily loaded page and the user are in (slow on a busy machine). */
async function myData() {
  return screen.findByRole('region', { name: '我的数据' }, { timeout: 10_000 });
}

describe('个人中心 · 我的数据 · 导出', () => {
  it('downloads the file the server sends, with the session token', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const api = signIn(buildUser(), {
      ...centerRoutes,
      'GET /api/account/export': { status: 200, body: { format: 1, words: [{ word: 'study' }] } },
    });
    const user = userEvent.setup();
    renderApp('/center');
    await user.click(within(await myData()).getByRole('button', { name: '导出我的数据' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, fileName] = save.mock.calls[0]!;
    expect(fileName).toMatch(/^ninety-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await (blob as Blob).text())).toEqual({
      format: 1,
      words: [{ word: 'study' }],
    });
    expect(api.requestsTo('GET /api/account/export')[0]!.headers.token).toBe('test-token');
    expect(await screen.findByText(`已开始下载 ${fileName}`)).toBeInTheDocument();
  });

  it('says why when the server refuses (too many downloads)', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    signIn(buildUser(), {
      ...centerRoutes,
      'GET /api/account/export': fail(ErrorCode.TooManyRequests, '请求过于频繁，请稍后再试', 429),
    });
    const user = userEvent.setup();
    renderApp('/center');
    await user.click(within(await myData()).getByRole('button', { name: '导出我的数据' }));
    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('个人中心 · 我的数据 · 注销账号', () => {
  it('explains, sends a code, and deletes only with the code and the acknowledgement; then signs out to home', async () => {
    const api = signIn(buildUser({ phone: '139****0001' }), {
      ...centerRoutes,
      'POST /api/account/deletion/sendCode': ok({
        phone: '139****0001',
        phonecode: '86',
        resendAfter: 60,
      }),
      'POST /api/account/delete': ok({ deleted: true, objectsRemoved: 3, objectsPending: 0 }),
    });
    const user = userEvent.setup();
    renderApp('/center');
    await user.click(within(await myData()).getByRole('button', { name: '注销账号' }));

    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    expect(within(dialog).getByText('注销后无法恢复')).toBeInTheDocument();
    expect(within(dialog).getByText('全部练习记录、得分与口语录音')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: '确认注销' });
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    expect(
      await within(dialog).findByText(/验证码已发送至 \+86 139\*\*\*\*0001/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('验证码'), '12345');
    await user.click(within(dialog).getByRole('checkbox'));
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('验证码'), '6');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.requestsTo('POST /api/account/delete')[0]!.body).toEqual({ code: '123456' });
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.accountDeleted)).toBe('1');
  });

  it('keeps the account and says so when the code is wrong', async () => {
    signIn(buildUser(), {
      ...centerRoutes,
      'POST /api/account/deletion/sendCode': ok({
        phone: '138****8000',
        phonecode: '86',
        resendAfter: 60,
      }),
      'POST /api/account/delete': fail(ErrorCode.SmsCodeWrong, '验证码错误，还可尝试 4 次'),
    });
    const user = userEvent.setup();
    renderApp('/center');
    await user.click(within(await myData()).getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    await within(dialog).findByText(/验证码已发送至/);
    await user.type(within(dialog).getByLabelText('验证码'), '000000');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '确认注销' }));

    expect(await screen.findByText('验证码错误，还可尝试 4 次')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('test-token');
  });

  it('asks an account with no phone to bind one instead of offering a code', async () => {
    signIn(buildUser({ phone: null, phonecode: null }), centerRoutes);
    const user = userEvent.setup();
    renderApp('/center');
    await user.click(within(await myData()).getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    expect(within(dialog).getByText(/该账号未绑定手机号/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '发送验证码' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '确认注销' })).toBeDisabled();
  });
});

describe('home page after a deletion', () => {
  it('says once that the account was deleted', async () => {
    sessionStorage.setItem(sessionKeys.accountDeleted, '1');
    renderApp('/');
    expect(await screen.findByText('账号已注销')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(sessionKeys.accountDeleted)).toBeNull());
  });
});
