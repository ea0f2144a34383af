import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { LoginRequest } from '../../lib/login-events';
import { onLoginRequested } from '../../lib/login-events';
import { page } from '../../lib/page';
import { fail, stubApi, ok } from '../../testing/stub-api';
import { loginFromQuery } from './query-login';

let replace: ReturnType<typeof vi.spyOn>;
let loginRequests: Mock<(request: LoginRequest) => void>;
let stopListening: () => void;

beforeEach(() => {
  replace = vi.spyOn(page, 'replace').mockImplementation(() => {});
  loginRequests = vi.fn<(request: LoginRequest) => void>();
  stopListening = onLoginRequested(loginRequests);
});

afterEach(() => {
  stopListening();
  vi.restoreAllMocks();
});

const at = (path: string) => new URL(path, 'http://localhost');

describe('login via query (spec §4)', () => {
  it('exchanges mobileToken on any route and reloads the same URL without it', async () => {
    const api = stubApi({
      'POST /api/auth/getTokenByMobileToken': ok({ token: 'tok-web' }),
    });
    await expect(loginFromQuery(at('/data?tab=2&mobileToken=m-1#top'))).resolves.toEqual({
      kind: 'reloading',
    });
    const [request] = api.requestsTo('POST /api/auth/getTokenByMobileToken');
    expect(request?.headers.mobileToken).toBe('m-1');
    expect(request?.body).toEqual({});
    expect(localStorage.getItem('token')).toBe('tok-web');
    expect(replace).toHaveBeenCalledExactlyOnceWith('/data?tab=2#top');
    expect(loginRequests).not.toHaveBeenCalled();
  });

  it('asks for the login dialog when the mobileToken is refused, quietly', async () => {
    stubApi({
      'POST /api/auth/getTokenByMobileToken': fail(40006, '登录凭证无效或已过期，请重新登录'),
    });
    await expect(loginFromQuery(at('/material/index?mobileToken=old'))).resolves.toEqual({
      kind: 'failed',
      href: '/material/index',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(loginRequests).toHaveBeenCalledTimes(1);
  });

  it('an empty mobileToken is refused without a call', async () => {
    const api = stubApi();
    await expect(loginFromQuery(at('/?mobileToken='))).resolves.toMatchObject({ kind: 'failed' });
    expect(api.requests).toHaveLength(0);
  });

  it('stores a token query on the home page and reloads home without it', async () => {
    await expect(loginFromQuery(at('/?token=tok-1&from=app'))).resolves.toEqual({
      kind: 'reloading',
    });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(replace).toHaveBeenCalledExactlyOnceWith('/?from=app');
  });

  it('ignores a token query elsewhere', async () => {
    await expect(loginFromQuery(at('/data?token=tok-1'))).resolves.toEqual({ kind: 'none' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('does nothing without either parameter', async () => {
    await expect(loginFromQuery(at('/high?x=1'))).resolves.toEqual({ kind: 'none' });
  });
});

describe('loginFromQuery keeps the learner on this site', () => {
  it('never turns a //host path into another site (no open redirect)', async () => {
    stubApi();
    await expect(
      loginFromQuery(new URL('http://localhost//evil.example/x?mobileToken=')),
    ).resolves.toEqual({ kind: 'failed', href: '/evil.example/x' });
  });
});
