import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/build-user';
import { stubApi, ok, signIn } from '../../../testing/stub-api';
import { useCurrentUser } from './get-user';

function wrapperWith(client = new QueryClient()) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useCurrentUser (spec §3)', () => {
  it('never calls getUser without a token', async () => {
    const api = stubApi({ 'GET /api/auth/getUser': ok(buildUser()) });
    localStorage.setItem('userInfo', JSON.stringify(buildUser()));
    const { result } = renderHook(() => useCurrentUser(), { wrapper: wrapperWith() });
    // A query starts fetching as it mounts (the next test sees it): this one never did.
    expect(result.current.fetchStatus).toBe('idle');
    // Whatever the mount set going has settled.
    await act(async () => {});
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
    expect(api.requests).toEqual([]);
  });

  it('stores the user info, then fetches the work-count flags and stores isZoom', async () => {
    const user = buildUser({ isZoom: true });
    const api = signIn(user, {
      'GET /api/postsV2/findUserWorkCount': ok({ isCount: true, isSecond: true, isZoom: true }),
    });
    const { result } = renderHook(() => useCurrentUser(), { wrapper: wrapperWith() });
    expect(result.current.fetchStatus).toBe('fetching');
    await waitFor(() => expect(result.current.data).toEqual(user));
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(user);
    await waitFor(() => expect(localStorage.getItem('isZoom')).toBe('true'));
    expect(api.requests.map((request) => request.url.pathname)).toEqual([
      '/api/auth/getUser',
      '/api/postsV2/findUserWorkCount',
    ]);
    expect(api.requests[0]?.headers.token).toBe('test-token');
  });

  it('shows the stored copy at once and refreshes it', async () => {
    const stored = buildUser({ nickname: '旧昵称' });
    const fresh = { ...stored, nickname: '新昵称' };
    localStorage.setItem('userInfo', JSON.stringify(stored));
    signIn(fresh);
    const { result } = renderHook(() => useCurrentUser(), { wrapper: wrapperWith() });
    expect(result.current.data?.nickname).toBe('旧昵称');
    await waitFor(() => expect(result.current.data?.nickname).toBe('新昵称'));
  });
});
