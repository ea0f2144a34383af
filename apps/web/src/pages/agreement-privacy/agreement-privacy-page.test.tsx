import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

describe('privacy policy page', () => {
  it('is a dated document with numbered sections, linking the user agreement', async () => {
    renderApp('/agreement/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('隐私政策 - Ninety PTE'));
    expect(screen.getByText('生效日期：2026 年 11 月 26 日')).toBeVisible();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections[0]).toBe('一、我们收集的信息');
    expect(sections).toContain('三、口语录音与评分');
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute(
      'href',
      '/agreement/user',
    );
  });

  it('names the SMS provider, where data is stored and that recordings stay with us', async () => {
    renderApp('/agreement/privacy');

    expect(await screen.findByText(/目前使用腾讯云短信服务/)).toBeVisible();
    expect(screen.getByText(/存储在中国境内/)).toBeVisible();
    expect(screen.getByText(/口语评分在我们自己的服务器上完成/)).toBeVisible();
    expect(screen.getByText(/也不会与任何第三方共享/)).toBeVisible();
  });

  it('says where a learner exports their data and deletes their account', async () => {
    renderApp('/agreement/privacy');

    expect(await screen.findByText(/导出我们保存的你的个人信息/)).toBeVisible();
    expect(screen.getByText(/中注销账号，我们先向账号绑定的手机号发送验证码/)).toBeVisible();
  });
});
