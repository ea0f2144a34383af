import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../api/get-user';
import { buildUser } from '../../../testing/build-user';
import { ok, signIn } from '../../../testing/stub-api';
import { useVipRefresh } from './use-vip-refresh';

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('VIP refresh (spec §4)', () => {
  it('refetches the user info when this site posts { type: "vip" }', async () => {
    const user = buildUser({ energy: 3 });
    const api = signIn(user);
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    // A refresh marks the user stale and starts fetching within the message's own dispatch.
    const isRefreshing = () => {
      const state = queryClient.getQueryState(queryKeys.auth.currentUser);
      return state?.isInvalidated === true || state?.fetchStatus === 'fetching';
    };
    const { result } = renderHook(
      () => {
        useVipRefresh();
        return useCurrentUser();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.newMemberLevel).toBe(0));
    const calls = () => api.requestsTo('GET /api/auth/getUser').length;
    expect(calls()).toBe(1);

    api.set({ 'GET /api/auth/getUser': ok({ ...user, newMemberLevel: 1 }) });
    post({ type: 'other' });
    post({ type: 'vip' }, 'https://elsewhere.example');
    post('vip');
    expect(isRefreshing()).toBe(false);
    expect(calls()).toBe(1);

    post({ type: 'vip' });
    expect(isRefreshing()).toBe(true);
    await waitFor(() => expect(result.current.data?.newMemberLevel).toBe(1));
    expect(calls()).toBe(2);
  });
});
