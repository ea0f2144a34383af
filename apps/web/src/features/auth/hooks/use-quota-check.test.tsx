import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onLoginRequested } from '../../../lib/login-events';
import { toast } from '../../../lib/toast';
import { buildUser } from '../../../testing/build-user';
import { stubApi, ok, signIn } from '../../../testing/stub-api';
import { storeUser } from '../stored-user';
import { checkQuota, useQuotaCheck } from './use-quota-check';

let warning: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('checkQuota (spec §6)', () => {
  it('members always pass, even with no energy', () => {
    expect(checkQuota(buildUser({ isMember: true, energy: 0 }))).toBe(true);
    expect(warning).not.toHaveBeenCalled();
  });

  it('non-members pass while the first domain has energy', () => {
    expect(checkQuota(buildUser({ energy: 1 }))).toBe(true);
    expect(warning).not.toHaveBeenCalled();
  });

  it('non-members without energy get 剩余次数不足', () => {
    expect(checkQuota(buildUser({ energy: 0 }))).toBe(false);
    expect(warning).toHaveBeenCalledExactlyOnceWith('剩余次数不足');
  });

  it('says 请联系老师开通VIP when the stored isZoom flag is true', () => {
    localStorage.setItem('isZoom', 'true');
    expect(checkQuota(buildUser({ energy: 0 }))).toBe(false);
    expect(warning).toHaveBeenCalledExactlyOnceWith('请联系老师开通VIP');
  });

  it('only the first domain counts, and unknown info has no uses', () => {
    const user = buildUser({ energy: 0 });
    user.nonMemberDomains.push({ domain: 'other', energy: 5, resetRule: 'daily' });
    expect(checkQuota(user)).toBe(false);
    expect(checkQuota(undefined)).toBe(false);
    expect(checkQuota(buildUser({ nonMemberDomains: [] }))).toBe(false);
  });

  it('shows the warning for 3 s', async () => {
    warning.mockRestore();
    // Not rendered for real: antd mounts its toast root asynchronously, which could outlive jsdom.
    const antdWarning = vi
      .spyOn(message, 'warning')
      .mockImplementation(() => Object.assign(() => {}, Promise.resolve(true)));
    checkQuota(buildUser({ energy: 0 }));
    // antd's message loads with the first toast (lib/toast).
    await vi.waitFor(() => expect(antdWarning).toHaveBeenCalled());
    expect(antdWarning).toHaveBeenCalledExactlyOnceWith('剩余次数不足', 3);
  });
});

describe('useQuotaCheck', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('uses the current user', async () => {
    signIn(buildUser({ energy: 0 }));
    const { result } = renderHook(() => useQuotaCheck(), { wrapper });
    await waitFor(() => expect(result.current()).toBe(false));
    expect(warning).toHaveBeenLastCalledWith('剩余次数不足');
  });

  it('waits for the user info on its way and warns before anything is sent (spec §6; a journey clicked 提交 first)', async () => {
    let answer: (user: ReturnType<typeof buildUser>) => void = () => {};
    signIn(buildUser({ energy: 0 }), {
      'GET /api/auth/getUser': () =>
        new Promise((resolve) => {
          answer = (user) => resolve(ok(user));
        }),
    });
    const { result } = renderHook(() => useQuotaCheck(), { wrapper });
    const decided = result.current();
    expect(warning).not.toHaveBeenCalled();
    answer(buildUser({ energy: 0 }));
    await expect(decided).resolves.toBe(false);
    expect(warning).toHaveBeenLastCalledWith('剩余次数不足');
  });

  it('does not warn on the stored copy (yesterday’s uses) when the server says uses are left', async () => {
    storeUser(buildUser({ energy: 0 }));
    signIn(buildUser({ energy: 0 }), {
      'GET /api/auth/getUser': () =>
        new Promise((resolve) => setTimeout(() => resolve(ok(buildUser({ energy: 5 }))), 10)),
    });
    const { result } = renderHook(() => useQuotaCheck(), { wrapper });
    await expect(Promise.resolve(result.current())).resolves.toBe(true);
    expect(warning).not.toHaveBeenCalled();
  });

  it('passes when no user info comes in time: the server decides', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      signIn(buildUser({ energy: 0 }), { 'GET /api/auth/getUser': () => new Promise(() => {}) });
      const { result } = renderHook(() => useQuotaCheck(), { wrapper });
      const decided = result.current();
      await vi.advanceTimersByTimeAsync(5000);
      await expect(decided).resolves.toBe(true);
      expect(warning).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a member', async () => {
    signIn(buildUser({ isMember: true, energy: 0 }));
    const { result } = renderHook(() => useQuotaCheck(), { wrapper });
    await waitFor(() => expect(result.current()).toBe(true));
  });

  it('signed out: opens the login dialog instead, without calling the server', () => {
    const api = stubApi({ 'GET /api/auth/getUser': ok(buildUser()) });
    const loginRequests = vi.fn();
    const stop = onLoginRequested(loginRequests);
    const { result } = renderHook(() => useQuotaCheck(), { wrapper });
    expect(result.current()).toBe(false);
    expect(loginRequests).toHaveBeenCalledTimes(1);
    expect(warning).not.toHaveBeenCalled();
    expect(api.requests).toEqual([]);
    stop();
  });
});
