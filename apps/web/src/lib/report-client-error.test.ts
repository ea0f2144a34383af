import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from './report-client-error';

describe('reportClientError', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the report as JSON with sendBeacon', async () => {
    const sendBeacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);
    vi.stubGlobal('navigator', { userAgent: 'UA/1', sendBeacon });
    reportClientError('chunk-load', new Error('chunk gone'));
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/client-errors');
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toMatchObject({
      kind: 'chunk-load',
      message: 'chunk gone',
      userAgent: 'UA/1',
    });
  });

  it('falls back to fetch and never throws', () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('navigator', { userAgent: 'UA/2', sendBeacon: undefined });
    vi.stubGlobal('fetch', fetchMock);
    expect(() => reportClientError('render', 'plain text')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
