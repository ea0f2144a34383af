import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http';
import { ok, stubApi } from '../../testing/stub-api';
import { resetUploadGrant, uploadGrant, withGrant } from './grant';

/** Spec §9: credentials are refreshed when under 60 s remain; a skew of 30 s or more is corrected. */

const NOW = Date.parse('2026-11-26T04:00:00Z');
const seconds = (ms: number) => Math.floor(ms / 1000);
const grant = (startMs: number, lifeSeconds: number, id: string) => ({
  credentials: { tmpSecretId: id, tmpSecretKey: 'k', sessionToken: `session-${id}` },
  startTime: seconds(startMs),
  expiredTime: seconds(startMs) + lifeSeconds,
  keyPrefix: 'uploads/1/',
  partSize: 5 * 1024 * 1024,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  resetUploadGrant();
});
afterEach(() => vi.useRealTimers());

describe('the upload grant', () => {
  it('asks again when under 60 s remain, not before', async () => {
    let issued = 0;
    const api = stubApi({
      'GET /api/auth/local/uploadToken': () => ok(grant(Date.now(), 1800, String(++issued))),
    });
    expect((await uploadGrant()).credentials.tmpSecretId).toBe('1');
    vi.setSystemTime(NOW + (1800 - 61) * 1000);
    expect((await uploadGrant()).credentials.tmpSecretId).toBe('1');
    vi.setSystemTime(NOW + (1800 - 59) * 1000);
    expect((await uploadGrant()).credentials.tmpSecretId).toBe('2');
    expect(api.requestsTo('GET /api/auth/local/uploadToken')).toHaveLength(2);
  });

  it('judges the 60 s on the server’s clock when ours is 30 s or more off', async () => {
    // The server's clock is 10 minutes ahead of ours: its grant ends 30 min after its own now.
    const ahead = 10 * 60 * 1000;
    let issued = 0;
    stubApi({
      'GET /api/auth/local/uploadToken': () =>
        ok(grant(Date.now() + ahead, 1800, String(++issued))),
    });
    await uploadGrant();
    // 29 min 30 s on by our clock the server's says 30 s are left: ask again. Judged on our own
    // clock, 10 minutes would seem to remain.
    vi.setSystemTime(NOW + (1800 - 30) * 1000);
    expect((await uploadGrant()).credentials.tmpSecretId).toBe('2');
  });

  it('tries a 5xx once more, and only once (spec §8)', async () => {
    stubApi({ 'GET /api/auth/local/uploadToken': ok(grant(NOW, 1800, '1')) });
    const fault = new HttpError({ kind: 'code', code: 50000, msg: '服务器错误', status: 503 });
    const call = vi.fn(() => Promise.reject(fault));
    await expect(withGrant(call)).rejects.toBe(fault);
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenCalledWith({ 'x-upload-token': 'session-1' });
  });
});
