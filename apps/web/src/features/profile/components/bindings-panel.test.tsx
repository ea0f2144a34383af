import { ErrorCode, type Bindings } from '@ninety/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const phoneOnly: Bindings = { phone: '139****0001', phonecode: '86', wechat: null };

let success: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  success = vi.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const panel = () => screen.findByRole('region', { name: '登录方式' }, { timeout: 10_000 });

/** The send button once it may send (the field is mounted again when the wait is known). */
const enabledSend = async (dialog: HTMLElement) => {
  const send = () => within(dialog).getByRole('button', { name: '发送验证码' });
  await waitFor(() => expect(send()).toBeEnabled(), { timeout: 10_000 });
  return send();
};

describe('个人中心 · 登录方式', { timeout: 60_000 }, () => {
  it('changes the phone: the current phone first, then the new one', async () => {
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      'GET /api/user/bindings/phone/currentCodeWait': ok({ resendIn: 0 }),
      'POST /api/user/bindings/phone/sendCurrentCode': ok({
        phone: '139****0001',
        phonecode: '86',
        resendAfter: 60,
      }),
      'POST /api/user/bindings/phone/verifyCurrent': ok({
        proof: 'p.roof',
        expiresAt: '2026-11-22T02:10:00.000Z',
      }),
      'POST /api/user/bindings/phone/sendNewCode': ok({ resendAfter: 60 }),
      'POST /api/user/bindings/phone/change': ok({
        bindings: { ...phoneOnly, phone: '137****0002' },
        signedOutDevices: 2,
      }),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    expect(
      await within(region).findByRole('listitem', { name: '手机号' }, { timeout: 10_000 }),
    ).toHaveTextContent('+86 139****0001');
    await user.click(within(region).getByRole('button', { name: '更换' }));
    const dialog = await screen.findByRole('dialog', { name: '更换手机号' });
    expect(within(dialog).getByRole('button', { name: '下一步' })).toBeDisabled();
    await user.click(await enabledSend(dialog));
    await user.type(within(dialog).getByLabelText('当前手机号验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await user.type(await within(dialog).findByLabelText('新手机号'), '13700000002');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/user/bindings/phone/sendNewCode')).toHaveLength(1),
    );
    expect(api.requestsTo('POST /api/user/bindings/phone/sendNewCode')[0]!.body).toEqual({
      phonecode: '86',
      phone: '13700000002',
      proof: 'p.roof',
    });
    await user.type(within(dialog).getByLabelText('新手机号验证码'), '654321');
    await user.click(within(dialog).getByRole('button', { name: '确认更换' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('手机号已更换，其他 2 台设备已退出登录'),
    );
    expect(api.requestsTo('POST /api/user/bindings/phone/verifyCurrent')[0]!.body).toEqual({
      code: '123456',
    });
    expect(api.requestsTo('POST /api/user/bindings/phone/change')[0]!.body).toEqual({
      phonecode: '86',
      phone: '13700000002',
      code: '654321',
      proof: 'p.roof',
    });
    expect(
      await within(region).findByText('+86 137****0002', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("counts down the current phone's wait from its last code, then sends", async () => {
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      // The sign-in's own code went out a moment ago.
      'GET /api/user/bindings/phone/currentCodeWait': ok({ resendIn: 2 }),
      'POST /api/user/bindings/phone/sendCurrentCode': ok({
        phone: '139****0001',
        phonecode: '86',
        resendAfter: 60,
      }),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: '更换' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: '更换手机号' });
    expect(await within(dialog).findByRole('button', { name: /秒后重发/ })).toBeDisabled();
    const send = await enabledSend(dialog);
    expect(api.requestsTo('POST /api/user/bindings/phone/sendCurrentCode')).toHaveLength(0);
    await user.click(send);
    expect(
      await within(dialog).findByRole('button', { name: '60 秒后重发' }, { timeout: 5_000 }),
    ).toBeDisabled();
    expect(within(dialog).getByText('验证码已发送，5 分钟内有效。')).toBeInTheDocument();
  });

  it('says a refused send or change inside the dialog, not in a toast over it', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    let waits = 0;
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      // Another device asked a code after the dialog opened: the refusal brings the new wait.
      'GET /api/user/bindings/phone/currentCodeWait': () => {
        waits += 1;
        return ok({ resendIn: waits === 1 ? 0 : 45 });
      },
      'POST /api/user/bindings/phone/sendCurrentCode': fail(
        ErrorCode.TooManyRequests,
        '发送太频繁，请 45 秒后再试',
        429,
      ),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: '更换' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: '更换手机号' });
    await user.click(await enabledSend(dialog));
    expect(
      await within(dialog).findByRole('alert', undefined, { timeout: 5_000 }),
    ).toHaveTextContent('发送太频繁，请 45 秒后再试');
    expect(
      await within(dialog).findByRole('button', { name: /^4\d 秒后重发$/ }, { timeout: 5_000 }),
    ).toBeDisabled();
    expect(error).not.toHaveBeenCalled();
  });

  it('says a number of another account inside the dialog', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      'GET /api/user/bindings/phone/currentCodeWait': ok({ resendIn: 0 }),
      'POST /api/user/bindings/phone/sendCurrentCode': ok({
        phone: '139****0001',
        phonecode: '86',
        resendAfter: 60,
      }),
      'POST /api/user/bindings/phone/verifyCurrent': ok({
        proof: 'p.roof',
        expiresAt: '2026-11-22T02:10:00.000Z',
      }),
      'POST /api/user/bindings/phone/sendNewCode': ok({ resendAfter: 60 }),
      'POST /api/user/bindings/phone/change': fail(
        ErrorCode.PhoneAlreadyBound,
        '该手机号已绑定其他账号',
      ),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: '更换' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: '更换手机号' });
    await user.click(await enabledSend(dialog));
    await user.type(within(dialog).getByLabelText('当前手机号验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await user.type(await within(dialog).findByLabelText('新手机号'), '13700000002');
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    await within(dialog).findByRole('button', { name: '60 秒后重发' }, { timeout: 5_000 });
    await user.type(within(dialog).getByLabelText('新手机号验证码'), '654321');
    await user.click(within(dialog).getByRole('button', { name: '确认更换' }));
    expect(
      await within(dialog).findByRole('alert', undefined, { timeout: 5_000 }),
    ).toHaveTextContent('该手机号已绑定其他账号');
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  it('binds WeChat: polls the QR while waiting and shows the bound account', async () => {
    let polls = 0;
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      'POST /api/user/bindings/wechat/scene': ok({
        url: 'data:image/svg+xml;base64,PHN2Zy8+',
        sceneId: 'a'.repeat(24),
      }),
      'GET /api/user/bindings/wechat/scene': () => {
        polls += 1;
        return polls < 2
          ? fail(ErrorCode.QrPending, '等待扫码', 200)
          : ok({ ...phoneOnly, wechat: { nickname: '小九', boundAt: '2026-11-22T02:00:00.000Z' } });
      },
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: '绑定' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: '绑定微信' });
    expect(await within(dialog).findByAltText('绑定微信二维码')).toBeInTheDocument();
    expect(
      await within(region).findByText('已绑定：小九', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('微信已绑定');
    expect(
      api.requestsTo('GET /api/user/bindings/wechat/scene')[0]!.url.searchParams.get('sceneId'),
    ).toBe('a'.repeat(24));
  });

  it('shows a WeChat of another account as refused, with a fresh QR on request', async () => {
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok(phoneOnly),
      'POST /api/user/bindings/wechat/scene': ok({
        url: 'data:image/svg+xml;base64,PHN2Zy8+',
        sceneId: 'b'.repeat(24),
      }),
      'GET /api/user/bindings/wechat/scene': fail(
        ErrorCode.IdentityAlreadyBound,
        '该微信已绑定其他账号，请先在该账号中解绑',
      ),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const region = await panel();
    await user.click(
      await within(region).findByRole('button', { name: '绑定' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: '绑定微信' });
    expect(
      await within(dialog).findByRole('alert', undefined, { timeout: 5_000 }),
    ).toHaveTextContent('该微信已绑定其他账号，请先在该账号中解绑');
    expect(within(dialog).getByRole('button', { name: '刷新二维码' })).toBeInTheDocument();
  });

  it('does not offer to unbind WeChat when it is the only way to sign in', async () => {
    signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/bindings': ok({
        phone: null,
        phonecode: null,
        wechat: { nickname: '小九', boundAt: '2026-11-22T02:00:00.000Z' },
      }),
    });
    renderApp('/center');
    const region = await panel();
    const wechat = await within(region).findByRole(
      'listitem',
      { name: '微信' },
      { timeout: 10_000 },
    );
    expect(within(wechat).getByRole('button', { name: '解绑' })).toBeDisabled();
    expect(within(region).getByRole('listitem', { name: '手机号' })).toHaveTextContent('未绑定');
    expect(within(region).getByRole('button', { name: '绑定' })).toBeInTheDocument();
  });
});
