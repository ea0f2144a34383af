import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/build-user';
import { ok, signIn } from '../../testing/stub-api';
import { renderApp } from '../../testing/render-app';

const wxInfo = ok({
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  type: 1,
  wx: 'ninety-pte',
  wxImgQr: '',
});

describe('个人中心', () => {
  it('shows a non-member their account and uses left', async () => {
    signIn(buildUser({ nickname: '小九', phone: '139****0001', energy: 4 }), {
      'GET /api/program/getNewWxInfo': wxInfo,
    });
    renderApp('/center');
    const account = await screen.findByRole('region', { name: '账户' }, { timeout: 10_000 });
    expect(within(account).getByText('小九')).toBeInTheDocument();
    expect(within(account).getByText('+86 139****0001')).toBeInTheDocument();
    const membership = screen.getByRole('region', { name: '会员与次数' });
    expect(within(membership).getByText('非会员')).toBeInTheDocument();
    expect(within(membership).getByText('4 次（每天重置）')).toBeInTheDocument();
    expect(await screen.findByAltText('老师微信二维码：ninety-pte')).toBeInTheDocument();
  });

  it('shows a member unlimited practice', async () => {
    signIn(buildUser({ isMember: true }), { 'GET /api/program/getNewWxInfo': wxInfo });
    renderApp('/center');
    const membership = await screen.findByRole(
      'region',
      { name: '会员与次数' },
      { timeout: 10_000 },
    );
    expect(within(membership).getByText('VIP 等级 1')).toBeInTheDocument();
    expect(within(membership).getByText('不限')).toBeInTheDocument();
  });
});

describe('个人中心 · 练习设置', () => {
  const saved = {
    playbackRate: 1,
    autoPlayAudio: true,
    answerDisplay: 'afterSubmit',
    avatar: null,
    updatedAt: null,
  };

  it('shows the saved settings and saves only what changed', async () => {
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/querySettingImage': ok(saved),
      'POST /api/user/saveOrUpdateSetting': (request) =>
        ok({
          ...saved,
          ...(request.body as object),
          updatedAt: '2026-11-22T02:00:00.000Z',
        }),
    });
    const user = userEvent.setup();
    renderApp('/center');
    const panel = await screen.findByRole('region', { name: '练习设置' });
    expect(await within(panel).findByRole('radio', { name: '1 倍' })).toBeChecked();
    // antd's button-style radios take the click on their label.
    await user.click(within(panel).getByText('1.2 倍'));
    await user.click(within(panel).getByRole('switch'));
    await user.click(within(panel).getByRole('button', { name: '保存设置' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/user/saveOrUpdateSetting')).toHaveLength(1),
    );
    expect(api.requestsTo('POST /api/user/saveOrUpdateSetting')[0]!.body).toEqual({
      playbackRate: 1.2,
      autoPlayAudio: false,
    });
    expect(await screen.findByText('设置已保存')).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: '1.2 倍' })).toBeChecked();
  });

  it('refuses an avatar file that is not an image before sending anything', async () => {
    const api = signIn(buildUser(), {
      'GET /api/program/getNewWxInfo': wxInfo,
      'GET /api/user/querySettingImage': ok(saved),
    });
    // The file input's accept would filter the file out; a learner can still pick "all files".
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/center');
    const panel = await screen.findByRole('region', { name: '头像' });
    expect(within(panel).queryByLabelText('头像图片地址')).toBeNull();
    await user.upload(
      within(panel).getByLabelText('选择头像图片'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      '不支持的图片格式：请选择 png、jpg、webp 或 gif 图片',
    );
    expect(api.requestsTo('GET /api/auth/local/uploadToken')).toHaveLength(0);
    expect(api.requestsTo('POST /api/user/saveOrUpdateSetting')).toHaveLength(0);
  });
});
