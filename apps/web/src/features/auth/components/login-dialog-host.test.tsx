import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestLogin } from '../../../lib/login-events';
import { stubApi, ok } from '../../../testing/stub-api';
import { LoginDialogHost } from './login-dialog-host';

// The dialog's code is loaded on demand; loading it once up front keeps the timings below honest.
beforeAll(async () => {
  await import('./login-dialog');
});

afterEach(() => vi.useRealTimers());

function renderHost() {
  stubApi({ 'POST /api/message/countryList': ok([]) });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <LoginDialogHost />
    </QueryClientProvider>,
  );
}

describe('the login dialog host', () => {
  it('renders nothing (and loads no dialog code) until asked', () => {
    const { container } = renderHost();
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the dialog on requestLogin()', async () => {
    renderHost();
    act(() => requestLogin());
    expect(await screen.findByRole('dialog', { name: '手机验证码登录' })).toBeInTheDocument();
  });

  it('waits for the requested delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderHost();
    act(() => requestLogin({ delayMs: 500 }));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: '手机验证码登录' })).toBeInTheDocument();
  });

  it('takes over a request made before it mounted', async () => {
    requestLogin();
    renderHost();
    expect(await screen.findByRole('dialog', { name: '手机验证码登录' })).toBeInTheDocument();
  });

  it('starts every opening afresh', async () => {
    const user = userEvent.setup();
    renderHost();
    act(() => requestLogin());
    await user.click(await screen.findByRole('checkbox', { name: /我已阅读并同意/ }));
    expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    act(() => requestLogin());
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked(),
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
