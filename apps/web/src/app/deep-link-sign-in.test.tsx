import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '../lib/page';
import { requestLogin } from '../lib/login-events';
import { ok, stubApi } from '../testing/stub-api';
import { renderApp } from '../testing/render-app';

/**
 * Issue 19: signing in from a deep link (a shared exercise link, any gated route) returns to the
 * page that was opened, not home; a sign-in that no page asked for reloads the page as before.
 */

let replace: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;

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
  replace = vi.spyOn(page, 'replace').mockImplementation(() => {});
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  stubApi({
    'POST /api/message/countryList': ok([]),
    'POST /api/auth/loginPhone': ok({ token: 'tok-deep-link' }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signInThroughDialog() {
  const user = userEvent.setup();
  const dialog = within(
    await screen.findByRole('dialog', { name: '手机验证码登录' }, { timeout: 10_000 }),
  );
  await user.type(dialog.getByPlaceholderText('请输入手机号'), '13800138000');
  await user.type(dialog.getByPlaceholderText('请输入验证码'), '123456');
  await user.click(dialog.getByRole('checkbox', { name: /我已阅读并同意/ }));
  await user.click(dialog.getByRole('button', { name: '登录/注册' }));
  await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-deep-link'), {
    timeout: 10_000,
  });
}

// The whole app renders and a form is filled in: slow on a busy machine.
describe('deep-link sign-in', { timeout: 60_000 }, () => {
  it('returns to the gated page that was opened, with its query', async () => {
    const { router } = renderApp('/exp/RA/RA-001?from=share');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    await signInThroughDialog();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/exp/RA/RA-001?from=share'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('returns to a page reached by a link inside the app', async () => {
    const { router } = renderApp('/material/index');
    await screen.findByRole('heading', { name: '资料' }, { timeout: 10_000 });
    await router.navigate('/center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    await signInThroughDialog();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/center'));
  });

  it('reloads the page when no page asked for the sign-in (the header 登录)', async () => {
    renderApp('/material/index');
    await screen.findByRole('heading', { name: '资料' }, { timeout: 10_000 });
    requestLogin();
    await signInThroughDialog();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(replace).not.toHaveBeenCalled();
  });

  it('never leaves the site, whatever return path a request carries', async () => {
    renderApp('/material/index');
    await screen.findByRole('heading', { name: '资料' }, { timeout: 10_000 });
    requestLogin({ returnTo: '//evil.example/center' });
    await signInThroughDialog();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(replace).not.toHaveBeenCalled();
  });
});
