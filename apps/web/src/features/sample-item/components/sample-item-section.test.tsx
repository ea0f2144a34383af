import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as loginEvents from '../../../lib/login-events';
import { stubApi } from '../../../testing/stub-api';
import { renderApp } from '../../../testing/render-app';

describe('home · 试做一题 (signed out)', { timeout: 60_000 }, () => {
  it('scores the sample in the browser, shows the result panel, then offers to sign up', async () => {
    const api = stubApi();
    const login = vi.spyOn(loginEvents, 'requestLogin').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/');
    const section = await screen.findByRole('region', { name: '试做一题' }, { timeout: 10_000 });
    await user.click(within(section).getByRole('button', { name: '开始试做' }));
    const wrong = await within(section).findByRole(
      'radio',
      { name: /only for moving armies/ },
      { timeout: 10_000 },
    );
    const before = api.requests.length;
    await user.click(wrong);
    await user.click(within(section).getByRole('button', { name: '提交' }));
    const result = await within(section).findByRole('region', { name: '评分结果' });
    expect(result).toHaveTextContent('得分 0 / 1');
    // The type's evidence view comes with the type's own chunk.
    await waitFor(() => expect(result).toHaveTextContent('你的选择：A；正确答案：C'), {
      timeout: 10_000,
    });
    // Scored here: nothing was asked of the server.
    expect(api.requests.length).toBe(before);
    await user.click(within(section).getByRole('button', { name: '免费注册 / 登录' }));
    expect(login).toHaveBeenCalled();
    login.mockRestore();
  });
});
