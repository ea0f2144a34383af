import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

describe('user agreement page', () => {
  it('is a dated document with numbered sections, linking the privacy policy', async () => {
    renderApp('/agreement/user');

    expect(await screen.findByRole('heading', { level: 1, name: '用户协议' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('用户协议 - Ninety PTE'));
    expect(screen.getByText('生效日期：2026 年 11 月 26 日')).toBeVisible();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections[0]).toBe('一、服务内容');
    expect(sections).toEqual(
      expect.arrayContaining(['二、账号注册与登录', '三、会员与免费次数', '八、账号注销']),
    );
    expect(screen.getAllByRole('link', { name: '《隐私政策》' })[0]).toHaveAttribute(
      'href',
      '/agreement/privacy',
    );
  });

  it('says how to delete an account and how to reach us', async () => {
    renderApp('/agreement/user');

    expect(await screen.findByText(/在“个人中心”的“我的数据”中自行注销账号/)).toBeVisible();
    expect(screen.getByText(/向账号绑定的手机号发送验证码/)).toBeVisible();
    expect(screen.getByText(/老师微信联系我们。$/)).toBeVisible();
  });
});
