import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/test-app';

/** Spec §7 "Links out: the teaching site opens with mobileToken": the address the link uses. */
describe('GET /api/program/teachingSite', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers the configured teaching site, public', async () => {
    app = await buildTestApp({ TEACHING_SITE_URL: 'https://teach.example.com/class' });
    const response = await app.inject({ method: 'GET', url: '/api/program/teachingSite' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { url: 'https://teach.example.com/class' } });
  });

  it('answers null when none is configured (the link is hidden)', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/program/teachingSite' });
    expect(response.json()).toEqual({ data: { url: null } });
  });
});
