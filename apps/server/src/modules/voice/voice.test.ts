import { defaultWordColorBands, WordColorBandsSchema } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/test-app';

describe('GET /api/voice/getColor (spec §7)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the spec §3 default bands in the envelope, without signing in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/voice/getColor' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('code');
    expect(WordColorBandsSchema.parse(body.data)).toEqual(defaultWordColorBands);
    expect(
      body.data.map((band: { start: number; status: number }) => [band.start, band.status]),
    ).toEqual([
      [85, 2],
      [70, 1],
      [0, 0],
    ]);
  });
});
