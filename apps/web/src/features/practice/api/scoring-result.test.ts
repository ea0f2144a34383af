import type { ExamedResult } from '@ninety/contract';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/stub-api';
import { untilScored } from './scoring-result';

// untilScored hands the result on as it is: its fields do not matter here.
const buildExamedResult = () => ({ energy: 3 }) as unknown as ExamedResult;

describe('untilScored', () => {
  it('asks for the score of a queued answer until it is in', async () => {
    const done = buildExamedResult();
    let asked = 0;
    const api = stubApi({
      'GET /api/posts/scoringResult': () => {
        asked += 1;
        return asked < 2
          ? { status: 202, body: { data: { status: 'scoring', retryAfterSeconds: 1 } } }
          : ok(done);
      },
    });
    const query = { itemId: 'ra-0001', idempotencyKey: '8d1f4c1e-5a2b-4c3d-9e8f-0a1b2c3d4e5f' };
    const result = await untilScored({ status: 'scoring', retryAfterSeconds: 1 }, query);
    expect(result).toEqual(done);
    const [first] = api.requestsTo('GET /api/posts/scoringResult');
    expect(first?.url.searchParams.get('idempotencyKey')).toBe(query.idempotencyKey);
    expect(api.requestsTo('GET /api/posts/scoringResult')).toHaveLength(2);
  });

  it('a scored answer is returned as it is, without asking', async () => {
    const api = stubApi();
    const done = buildExamedResult();
    expect(await untilScored(done, { itemId: 'x', idempotencyKey: 'y' })).toBe(done);
    expect(api.requests).toHaveLength(0);
  });
});
