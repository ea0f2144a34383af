import { onTestFinished, vi } from 'vitest';
// The app's client: a test that renders the whole app must not see the previous test's answers.
import { queryClient } from '../app/query-client';
import { resetHttpState } from '../lib/http';
import { resetLoginRequests } from '../lib/login-events';
import { setToken } from '../lib/session';
import { buildUser } from './build-user';
import type { UserInfo } from '@ninety/contract';

/** What the stub server answers: a JSON body and an HTTP status. */
export interface StubAnswer {
  status: number;
  body: unknown;
}

export interface StubRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export type StubRoute = StubAnswer | ((request: StubRequest) => StubAnswer | Promise<StubAnswer>);

export const ok = (data: unknown): StubAnswer => ({ status: 200, body: { data } });
export const fail = (code: number, msg: string, status = 400): StubAnswer => ({
  status,
  body: { code, msg },
});

export interface StubApi {
  /** Every request so far, oldest first. */
  requests: StubRequest[];
  /** The requests to one `METHOD /path`. */
  requestsTo: (route: string) => StubRequest[];
  /** Adds or replaces routes. */
  set: (routes: Record<string, StubRoute>) => void;
}

/**
 * Replaces fetch with a stub server keyed by `METHOD /path` (e.g. `GET /api/auth/getUser`). An
 * unknown route answers like the real server's 404. Undone when the test finishes, with the HTTP
 * client's session flag and any unclaimed login request.
 */
export function stubApi(routes: Record<string, StubRoute> = {}): StubApi {
  const table = new Map(Object.entries(routes));
  const requests: StubRequest[] = [];

  const fetchStub = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      method,
      url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = table.get(`${method} ${url.pathname}`);
    const answer = !route
      ? { status: 404, body: { status: 404, error: 'Not Found', path: url.pathname } }
      : typeof route === 'function'
        ? await route(request)
        : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchStub);
  onTestFinished(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    resetHttpState();
    resetLoginRequests();
  });

  return {
    requests,
    requestsTo: (route) =>
      requests.filter((request) => `${request.method} ${request.url.pathname}` === route),
    set: (more) => {
      for (const [key, value] of Object.entries(more)) table.set(key, value);
    },
  };
}

/** Stores a token and stubs the calls a signed-in page makes. */
export function signIn(
  user: UserInfo = buildUser(),
  routes: Record<string, StubRoute> = {},
): StubApi {
  setToken('test-token');
  return stubApi({
    'GET /api/auth/getUser': ok(user),
    'GET /api/postsV2/findUserWorkCount': ok({
      isCount: true,
      isSecond: true,
      isZoom: user.isZoom,
    }),
    'POST /api/message/countryList': ok([
      { code: 'CN', name: '中国', nameEn: 'China', phonecode: '86' },
    ]),
    ...routes,
  });
}
