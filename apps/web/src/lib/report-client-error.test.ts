import { standardHeaders } from '@ninety/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_HEADERS, reportClientError } from './report-client-error';

type FetchArgs = [string, RequestInit];

describe('reportClientError', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the report as JSON, kept alive, with the standard headers and the token (spec §7)', () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    reportClientError('chunk-load', new Error('chunk gone'));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers).toEqual({
      clientType: 'pcweb',
      deviceType: 'pcweb',
      Serviceversion: '42',
      token: 'tok-1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toMatchObject({
      kind: 'chunk-load',
      message: 'chunk gone',
      userAgent: navigator.userAgent,
    });
  });

  it('sends no token header when signed out', () => {
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    reportClientError('render', 'plain text');
    expect(fetchMock.mock.calls[0]![1].headers).not.toHaveProperty('token');
  });

  it('never throws, even when the network is down', () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => reportClientError('render', 'plain text')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("its headers are the contract's standard headers", () => {
    expect(REPORT_HEADERS).toEqual(standardHeaders);
  });
});
