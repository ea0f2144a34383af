import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/stub-api';
import { deliverRecording } from './deliver-recording';

const PAPER = 'paper_abcdefghijklmnop';
const base = `/api/mock/papers/${PAPER}/items/3`;
const recording = () => ({
  paperId: PAPER,
  index: 3,
  wav: new Blob([new Uint8Array(64)], { type: 'audio/wav' }),
  savedAt: 1_764_000_000_000,
});

describe('a mock recording is delivered through the uploader or, failing that, directly', () => {
  it('sends the recording in the request body when the uploader cannot get it through', async () => {
    const api = stubApi({
      'GET /api/auth/local/uploadToken': fail(50300, '文件存储服务暂不可用，请稍后再试', 503),
      [`POST ${base}/recording`]: ok({ id: PAPER, current: { index: 4 } }),
    });
    const connection: boolean[] = [];
    const state = await deliverRecording(recording(), (online) => connection.push(online), 0);
    expect(state).toMatchObject({ current: { index: 4 } });
    // Three tries of the uploader, then the direct route, which got through.
    expect(api.requestsTo('GET /api/auth/local/uploadToken').length).toBeGreaterThanOrEqual(3);
    expect(api.requestsTo(`POST ${base}/recording`)).toHaveLength(1);
    expect(api.requestsTo(`POST ${base}/recording-upload`)).toHaveLength(0);
    expect(connection.at(-1)).toBe(true);
  });

  it('keeps trying the direct route while the connection is lost', async () => {
    let refusals = 2;
    const api = stubApi({
      'GET /api/auth/local/uploadToken': fail(50300, 'down', 503),
      [`POST ${base}/recording`]: () =>
        refusals-- > 0 ? fail(50300, 'down', 503) : ok({ id: PAPER, current: null }),
    });
    const connection: boolean[] = [];
    await deliverRecording(recording(), (online) => connection.push(online), 0);
    expect(api.requestsTo(`POST ${base}/recording`)).toHaveLength(3);
    expect(connection).toContain(false);
    expect(connection.at(-1)).toBe(true);
  });
});
