import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, stubApi, ok, signIn } from '../testing/stub-api';
import type { StubApi } from '../testing/stub-api';
import { onLoginRequested } from '../lib/login-events';
import type { LoginRequest } from '../lib/login-events';
import { page } from '../lib/page';
import { renderApp } from '../testing/render-app';
import { GATED_LOGIN_DELAY_MS } from './route-gate';

let loginRequests: LoginRequest[];
let stopListening: () => void;
let replace: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  loginRequests = [];
  stopListening = () => {};
  replace = vi.spyOn(page, 'replace').mockImplementation(() => {});
});

afterEach(() => {
  stopListening();
  vi.restoreAllMocks();
});

/**
 * Records login requests. A listener present before the app mounts receives the requests of the
 * first load itself, so the dialog host does not; tests that check the dialog do not call this.
 */
function recordLoginRequests() {
  stopListening = onLoginRequested((request) => loginRequests.push(request));
}

function signedOut(): StubApi {
  return stubApi({ 'POST /api/message/countryList': ok([]) });
}

/**
 * Calls that need a session: not the country list, the footer's public site information, or the
 * public 资料 catalogue and details (issue 21) the purchase page shows signed out.
 */
const PUBLIC_CALLS = /^\/api\/(message\/|site\/info$|materials(\/\d+)?$)/;
const protectedCalls = (api: StubApi) =>
  api.requests.filter((request) => !PUBLIC_CALLS.test(request.url.pathname));

describe('route gating (spec §4)', () => {
  it('sends a signed-out learner from a gated page to home and opens login after 500 ms', async () => {
    expect(GATED_LOGIN_DELAY_MS).toBe(500);
    const api = signedOut();
    const startedAt = Date.now();
    const { router } = renderApp('/data');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: '用 Ninety 稳步练到目标分' })).toBeVisible();
    // The first URL was never shown: it is replaced, so Back does not lead into the gate.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByRole('dialog', { name: '手机验证码登录' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(GATED_LOGIN_DELAY_MS);
    expect(protectedCalls(api)).toEqual([]);
  });

  it('asks for the dialog with the 500 ms delay', async () => {
    recordLoginRequests();
    signedOut();
    const { router } = renderApp('/data?from=share');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signing in returns to the page that asked (issue 19).
    expect(loginRequests).toEqual([{ delayMs: 500, returnTo: '/data?from=share' }]);
  });

  it('on home, cancels the navigation (no new history entry) and opens login', async () => {
    recordLoginRequests();
    signedOut();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '用 Ninety 稳步练到目标分' });
    const homeKey = router.state.location.key;

    await router.navigate('/high');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.key).not.toBe(homeKey);
    expect(loginRequests).toEqual([{ delayMs: 500, returnTo: '/high' }]);
  });

  it('from another public page, goes home and keeps that page in the history', async () => {
    signedOut();
    const { router } = renderApp('/material/index');
    await screen.findByRole('heading', { name: '资料' });

    await router.navigate('/mock/exam');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/material/index'));
  });

  it('gates redirect routes that are not public', async () => {
    recordLoginRequests();
    signedOut();
    const { router } = renderApp('/mock');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(loginRequests).toEqual([{ delayMs: 500, returnTo: '/mock' }]);
  });

  it('opens public pages without a token and without asking for login', async () => {
    recordLoginRequests();
    const api = signedOut();
    const { router } = renderApp('/material/purchase/3');
    expect(await screen.findByRole('heading', { name: '资料详情' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/material/purchase/3');
    expect(loginRequests).toEqual([]);
    expect(protectedCalls(api)).toEqual([]);
  });

  it('lets a signed-in learner in', async () => {
    recordLoginRequests();
    signIn();
    const { router } = renderApp('/data');
    expect(await screen.findByRole('heading', { name: '学习中心' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/data');
    expect(loginRequests).toEqual([]);
  });
});

describe('login via query before the gate (spec §4)', () => {
  it('exchanges ?mobileToken= on a gated page and reloads it without the parameter', async () => {
    recordLoginRequests();
    const api = stubApi({
      'POST /api/auth/getTokenByMobileToken': ok({ token: 'tok-web' }),
    });
    renderApp('/data?mobileToken=m-1');
    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/data'));
    expect(localStorage.getItem('token')).toBe('tok-web');
    expect(api.requestsTo('POST /api/auth/getTokenByMobileToken')[0]?.headers.mobileToken).toBe(
      'm-1',
    );
    expect(loginRequests).toEqual([]);
  });

  it('a refused mobileToken opens login and drops the parameter', async () => {
    recordLoginRequests();
    stubApi({
      'POST /api/auth/getTokenByMobileToken': fail(40006, '登录凭证无效或已过期，请重新登录'),
    });
    const { router } = renderApp('/material/index?mobileToken=old&tab=1');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    expect(router.state.location.pathname).toBe('/material/index');
    expect(loginRequests).toEqual([{}]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('stores ?token= on home and reloads home', async () => {
    stubApi();
    renderApp('/?token=tok-1');
    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/'));
    expect(localStorage.getItem('token')).toBe('tok-1');
  });
});
