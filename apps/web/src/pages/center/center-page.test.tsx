import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../features/auth/testing/build-user';
import { ok, signIn } from '../../features/auth/testing/stub-api';
import { renderApp } from '../../test/render-app';

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
    const account = await screen.findByRole('region', { name: '账户' });
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
    const membership = await screen.findByRole('region', { name: '会员与次数' });
    expect(within(membership).getByText('VIP 等级 1')).toBeInTheDocument();
    expect(within(membership).getByText('不限')).toBeInTheDocument();
  });
});
