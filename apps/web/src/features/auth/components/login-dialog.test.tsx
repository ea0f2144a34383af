import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../../../lib/http';
import { page } from '../../../lib/page';
import { toast } from '../../../lib/toast';
import { fail, stubApi, ok } from '../../../testing/stub-api';
import type { StubApi } from '../../../testing/stub-api';
import { LoginDialog } from './login-dialog';

const countries = [
  { code: 'CN', name: '中国', nameEn: 'China', phonecode: '86' },
  { code: 'HK', name: '中国香港', nameEn: 'Hong Kong', phonecode: '852' },
  { code: 'US', name: '美国', nameEn: 'United States', phonecode: '1' },
  { code: 'CA', name: '加拿大', nameEn: 'Canada', phonecode: '1' },
];

let warning: ReturnType<typeof vi.spyOn>;
let toastError: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
let api: StubApi;

beforeEach(() => {
  // antd's Select measures its popup; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => {});
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  api = stubApi({
    'POST /api/message/countryList': ok(countries),
    'POST /api/message/sendSms': ok({ resendAfter: 60 }),
    'POST /api/auth/loginPhone': ok({ token: 'tok-phone' }),
    'POST /api/auth/bindingPhone': ok({ token: 'tok-bound' }),
    'POST /api/auth/callBack': ok({ url: 'data:image/png;base64,AAAA', sceneId: 'a'.repeat(24) }),
    'GET /api/auth/verifySceneId': fail(2, '等待扫码', 200),
    'GET /api/user/giveTokenByUUID': fail(2, '等待扫码', 200),
    'GET /api/program/getNewWxInfo': ok({
      qrCode: 'data:image/png;base64,BBBB',
      type: 1,
      wx: 'ninety-pte',
      wxImgQr: '',
    }),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderDialog() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <LoginDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  const rerender = (open: boolean) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <LoginDialog open={open} onClose={onClose} />
      </QueryClientProvider>,
    );
  return { onClose, rerender };
}

function dialog() {
  return within(screen.getByRole('dialog'));
}

/** Controlled timers that still let promises and user events run. */
function useClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function tickAgreement(user: ReturnType<typeof userEvent.setup>) {
  await user.click(dialog().getByRole('checkbox', { name: /我已阅读并同意/ }));
}

async function fillPhoneAndCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(dialog().getByPlaceholderText('请输入手机号'), '13800138000');
  await user.type(dialog().getByPlaceholderText('请输入验证码'), '123456');
}

describe('the login dialog, phone mode', () => {
  it('shows the title, the fields of spec §2 and +86 中国 by default', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: '手机验证码登录' })).toBeInTheDocument();
    expect(dialog().getByPlaceholderText('请输入手机号')).toBeInTheDocument();
    expect(dialog().getByPlaceholderText('请输入验证码')).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(dialog().getByRole('button', { name: '登录/注册' })).toBeInTheDocument();
    expect(dialog().getByText('+86 中国')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('POST /api/message/countryList')).toHaveLength(1));
  });

  it('links the user agreement and the privacy policy in new tabs', () => {
    renderDialog();
    const user = dialog().getByRole('link', { name: '《用户协议》' });
    const privacy = dialog().getByRole('link', { name: '《隐私政策》' });
    expect(user).toHaveAttribute('href', '/agreement/user');
    expect(privacy).toHaveAttribute('href', '/agreement/privacy');
    for (const link of [user, privacy]) expect(link).toHaveAttribute('target', '_blank');
  });

  it('lists the countries from countryList, searchable, at most 300 px tall', async () => {
    const user = userEvent.setup();
    renderDialog();
    await waitFor(() => expect(api.requestsTo('POST /api/message/countryList')).toHaveLength(1));
    const select = dialog().getByRole('combobox', { name: '国家/地区区号' });
    await user.click(select);
    await user.type(select, 'canada');
    // The visible entry (antd also renders a hidden one for screen readers).
    const option = await screen.findByTitle('+1 加拿大');
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((item) =>
      item.getAttribute('title'),
    );
    expect(shown).toEqual(['+1 加拿大']);
    const list = option.closest<HTMLElement>('.ant-select-dropdown-list-holder');
    expect(list?.style.maxHeight).toBe('300px');
    await user.click(option);
    await waitFor(() =>
      expect(select.closest('.ant-select-content')).toHaveAttribute('title', '+1 加拿大'),
    );

    await fillPhoneAndCode(user);
    await tickAgreement(user);
    await user.click(dialog().getByRole('button', { name: '登录/注册' }));
    await waitFor(() => expect(api.requestsTo('POST /api/auth/loginPhone')).toHaveLength(1));
    expect(api.requestsTo('POST /api/auth/loginPhone')[0]?.body).toMatchObject({
      phonecode: '1',
    });
  });

  it('requires the code with 请输入验证码 and the phone without a message', async () => {
    const user = userEvent.setup();
    renderDialog();
    await tickAgreement(user);
    await user.click(dialog().getByRole('button', { name: '登录/注册' }));

    // The phone's error has no text (spec §5); the code's says 请输入验证码.
    const errors = () =>
      [...document.querySelectorAll('.ant-form-item-explain-error')].map(
        (node) => node.textContent,
      );
    await waitFor(() => expect(errors()).toEqual(['', '请输入验证码']));
    expect(dialog().getByPlaceholderText('请输入手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog().getByPlaceholderText('请输入验证码')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /api/auth/loginPhone')).toHaveLength(0);
  });

  it('fades in where it stays, so a first click on 我已阅读并同意 ticks it', async () => {
    // antd's default zoom lays the dialog out full size, then shrinks it to 20% and grows it
    // back: a click right after it appeared hit whatever had moved under the pointer.
    renderDialog();
    const modal = document.querySelector('.ant-modal');
    expect(modal?.className).toMatch(/\bant-fade-appear\b/);
    expect(modal?.className).not.toMatch(/zoom/);
    await userEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();
  });

  it('warns 请阅读并同意用户协议 when the agreement is not ticked', async () => {
    const user = userEvent.setup();
    renderDialog();
    await fillPhoneAndCode(user);
    await user.click(dialog().getByRole('button', { name: '登录/注册' }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('请阅读并同意用户协议'));
    expect(api.requestsTo('POST /api/auth/loginPhone')).toHaveLength(0);
  });

  it('signs in: stores the token, closes and reloads', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await fillPhoneAndCode(user);
    await tickAgreement(user);
    await user.click(dialog().getByRole('button', { name: '登录/注册' }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /api/auth/loginPhone')[0]?.body).toEqual({
      phone: '13800138000',
      code: '123456',
      phonecode: '86',
    });
    expect(localStorage.getItem('token')).toBe('tok-phone');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the dialog open when the code is wrong (the helper shows the message)', async () => {
    api.set({ 'POST /api/auth/loginPhone': fail(40002, '验证码错误，还可尝试 4 次') });
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await fillPhoneAndCode(user);
    await tickAgreement(user);
    await user.click(dialog().getByRole('button', { name: '登录/注册' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('验证码错误，还可尝试 4 次'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('opens the help image from 收不到验证码？', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(dialog().getByRole('button', { name: '收不到验证码？' }));
    // In jsdom antd gives every dialog the same title id, so the help dialog is found by order.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const help = within(screen.getAllByRole('dialog')[1] as HTMLElement);
    expect(help.getByText('收不到验证码？')).toBeInTheDocument();
    expect(help.getByRole('img', { name: /检查手机号与区号/ })).toHaveAttribute(
      'src',
      '/images/sms-help.svg',
    );
    expect(await help.findByText('ninety-pte')).toBeInTheDocument();
  });
});

describe('the send-code button', () => {
  it('checks the phone first and sends nothing without one', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(dialog().getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(dialog().getByPlaceholderText('请输入手机号')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(api.requestsTo('POST /api/message/sendSms')).toHaveLength(0);
    expect(dialog().getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('is disabled for 60 s, counting {n}秒后重试, then offers 获取验证码 again', async () => {
    const user = useClock();
    renderDialog();
    await user.type(dialog().getByPlaceholderText('请输入手机号'), '13800138000');
    await user.click(dialog().getByRole('button', { name: '获取验证码' }));

    const button = await dialog().findByRole('button', { name: '60秒后重试' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(api.requestsTo('POST /api/message/sendSms')).toHaveLength(1));
    expect(api.requestsTo('POST /api/message/sendSms')[0]?.body).toMatchObject({
      phone: '13800138000',
      phonecode: '86',
    });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(dialog().getByRole('button', { name: '59秒后重试' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(dialog().getByRole('button', { name: '1秒后重试' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(dialog().getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('resets at once when the send fails', async () => {
    api.set({ 'POST /api/message/sendSms': fail(42901, '发送太频繁，请 42 秒后再试', 429) });
    const user = useClock();
    renderDialog();
    await user.type(dialog().getByPlaceholderText('请输入手机号'), '13800138000');
    await user.click(dialog().getByRole('button', { name: '获取验证码' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith('发送太频繁，请 42 秒后再试'));
    expect(dialog().getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

describe('scan mode', () => {
  async function openScan(user: ReturnType<typeof userEvent.setup>) {
    await tickAgreement(user);
    await user.click(dialog().getByRole('button', { name: '扫码登录' }));
  }

  const sceneWrapper = () => document.querySelector<HTMLElement>('[data-scene-id]');
  const loginCodeWrapper = () => document.querySelector<HTMLElement>('[data-login-code]');

  it('needs the agreement ticked', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(dialog().getByRole('button', { name: '扫码登录' }));
    expect(warning).toHaveBeenCalledWith('请阅读并同意用户协议');
    expect(dialog().getByPlaceholderText('请输入手机号')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/callBack')).toHaveLength(0);
  });

  it('starts with WeChat, polls every second only while shown, and stops on leaving', async () => {
    const user = useClock();
    renderDialog();
    await openScan(user);

    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    expect(sceneWrapper()).toHaveAttribute('data-scene-id', 'a'.repeat(24));
    expect(dialog().getByRole('img', { name: '微信扫码登录二维码' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(dialog().getByText('请使用微信扫码')).toBeInTheDocument();
    const polls = () => api.requestsTo('GET /api/auth/verifySceneId');
    expect(polls()).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(polls()).toHaveLength(1);
    expect(polls()[0]?.url.searchParams.get('sceneId')).toBe('a'.repeat(24));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(polls()).toHaveLength(3);
    expect(dialog().getByRole('status')).toHaveTextContent('等待扫码');
    // Code 2 is quiet.
    expect(toastError).not.toHaveBeenCalled();

    await user.click(dialog().getByRole('button', { name: '手机验证码登录' }));
    expect(dialog().getByPlaceholderText('请输入手机号')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(polls()).toHaveLength(3);
  });

  it('app mode shows logincode=<uuid> as a QR code and polls giveTokenByUUID', async () => {
    api.set({
      'GET /api/user/giveTokenByUUID': fail(2, '已扫码，请在手机上确认登录', 200),
    });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());

    await user.click(dialog().getByText('App 扫码'));
    await waitFor(() => expect(loginCodeWrapper()).not.toBeNull());
    const uuid = loginCodeWrapper()?.dataset.loginCode ?? '';
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(loginCodeWrapper()?.querySelector('svg')).not.toBeNull();
    expect(dialog().getByText('请使用 Ninety App 扫码')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    const polls = api.requestsTo('GET /api/user/giveTokenByUUID');
    expect(polls).toHaveLength(1);
    expect(polls[0]?.url.searchParams.get('uuid')).toBe(uuid);
    expect(dialog().getByRole('status')).toHaveTextContent('已扫码，请在手机上确认登录');

    // Back to WeChat: a new scene, and the app-mode polling stops.
    await user.click(dialog().getByText('微信扫码'));
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    expect(api.requestsTo('POST /api/auth/callBack')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.requestsTo('GET /api/user/giveTokenByUUID')).toHaveLength(1);
  });

  it('signs in when the poll answers a token', async () => {
    const user = useClock();
    const { onClose } = renderDialog();
    await openScan(user);
    await user.click(dialog().getByText('App 扫码'));
    await waitFor(() => expect(loginCodeWrapper()).not.toBeNull());
    api.set({ 'GET /api/user/giveTokenByUUID': ok('tok-app') });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('token')).toBe('tok-app');
    expect(onClose).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.requestsTo('GET /api/user/giveTokenByUUID')).toHaveLength(1);
  });

  it('makes a new code at once when the code expired (40005)', async () => {
    let scene = 0;
    api.set({
      'POST /api/auth/callBack': () => {
        scene += 1;
        return ok({ url: `data:image/png;base64,${scene}`, sceneId: String(scene).repeat(24) });
      },
      'GET /api/auth/verifySceneId': ({ url }) =>
        url.searchParams.get('sceneId') === '1'.repeat(24)
          ? fail(40005, '二维码已过期，请刷新后重新扫码')
          : fail(2, '等待扫码', 200),
    });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()?.dataset.sceneId).toBe('1'.repeat(24)));

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(sceneWrapper()?.dataset.sceneId).toBe('2'.repeat(24)));
    // Spec §8: other poll errors show the message as an error (issue 22: it was silent).
    expect(toastError).toHaveBeenCalledExactlyOnceWith('二维码已过期，请刷新后重新扫码');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      api.requestsTo('GET /api/auth/verifySceneId').at(-1)?.url.searchParams.get('sceneId'),
    ).toBe('2'.repeat(24));
  });

  it('a network failure while polling shows its message and polling goes on', async () => {
    api.set({
      'GET /api/auth/verifySceneId': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('网络请求失败'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.requestsTo('GET /api/auth/verifySceneId').length).toBeGreaterThanOrEqual(2);
  });

  it('an ended session says so instead of waiting silently', async () => {
    // The session ends (10006 on another call with a token stored): later calls are quiet. The
    // clock is faked first: the ended session's reload timer must not fire in the next test.
    const user = useClock();
    localStorage.setItem('token', 'old-token');
    api.set({ 'GET /api/auth/getUser': fail(10006, '登录已失效') });
    await get('/api/auth/getUser', undefined, { quiet: true }).catch(() => undefined);
    renderDialog();
    await openScan(user);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('登录状态已失效，请刷新页面后重新扫码'),
    );
    toastError.mockClear();
    await user.click(dialog().getByText('App 扫码'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('登录状态已失效，请刷新页面后重新扫码'),
    );
  });

  it('binding is refused without the agreement ticked (spec §5)', async () => {
    api.set({ 'GET /api/auth/verifySceneId': fail(1011, 'wx-user-code-1', 200) });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('dialog', { name: '绑定手机号' })).toBeInTheDocument();
    warning.mockClear();

    await tickAgreement(user); // ticked to scan: this unticks it
    await fillPhoneAndCode(user);
    await user.click(dialog().getByRole('button', { name: '绑定并登录' }));
    expect(warning).toHaveBeenCalledWith('请阅读并同意用户协议');
    expect(api.requestsTo('POST /api/auth/bindingPhone')).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  }, 60_000);

  it('1011: stops polling and binds a phone to the WeChat identity', async () => {
    api.set({ 'GET /api/auth/verifySceneId': fail(1011, 'wx-user-code-1', 200) });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('dialog', { name: '绑定手机号' })).toBeInTheDocument();
    expect(dialog().queryByRole('button', { name: '扫码登录' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.requestsTo('GET /api/auth/verifySceneId')).toHaveLength(1);

    await fillPhoneAndCode(user);
    await user.click(dialog().getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.requestsTo('POST /api/auth/bindingPhone')[0]?.body).toEqual({
      phone: '13800138000',
      code: '123456',
      phonecode: '86',
      userCode: 'wx-user-code-1',
    });
    expect(localStorage.getItem('token')).toBe('tok-bound');
  });

  it('shows any other poll error and offers a new code', async () => {
    api.set({ 'GET /api/auth/verifySceneId': fail(40001, '二维码编号无效') });
    const user = useClock();
    renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(toastError).toHaveBeenCalledWith('二维码编号无效');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.requestsTo('GET /api/auth/verifySceneId')).toHaveLength(1);

    api.set({ 'GET /api/auth/verifySceneId': fail(2, '等待扫码', 200) });
    await user.click(dialog().getByRole('button', { name: /刷新二维码/ }));
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    expect(api.requestsTo('POST /api/auth/callBack')).toHaveLength(2);
  });

  it('stops polling when the dialog closes', async () => {
    const user = useClock();
    const { rerender } = renderDialog();
    await openScan(user);
    await waitFor(() => expect(sceneWrapper()).not.toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.requestsTo('GET /api/auth/verifySceneId')).toHaveLength(1);

    rerender(false);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.requestsTo('GET /api/auth/verifySceneId')).toHaveLength(1);
  });
});
