import { ErrorCode } from '@ninety/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The auth guard as routes use it: `config: { auth: 'user' }` needs a live session,
 * `'optional'` signs in when a token is sent. Input is validated before the guard runs.
 */

let app: App;
let database: Database;
const clock = testClock();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, clock });
});
afterAll(async () => {
  await app.close();
});

const hierarchy = (token?: string) =>
  app.inject({ method: 'POST', url: '/api/dynamic/hierarchy', headers: token ? { token } : {} });
const studyStats = (token?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/postsV2/findUserStudyData',
    headers: token ? { token } : {},
  });

describe("auth: 'user'", () => {
  it('answers a live session, and 10006 without a token or with an unknown one', async () => {
    const { token } = await createLearner(database.db, { now: clock.now() });
    expect((await studyStats(token)).statusCode).toBe(200);
    expect((await studyStats()).json()).toMatchObject({ code: ErrorCode.TokenMissing });
    expect((await studyStats('x'.repeat(43))).json()).toMatchObject({
      code: ErrorCode.TokenMissing,
    });
  });

  it('an ended session is 100017, an expired one 100016, a disabled account 100018', async () => {
    const revoked = await createLearner(database.db, { now: clock.now() });
    await database.db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: 'logout' })
      .where(eq(sessions.tokenHash, hashToken(revoked.token)));
    expect((await studyStats(revoked.token)).json()).toMatchObject({
      code: ErrorCode.SessionRevoked,
    });

    const expired = await createLearner(database.db, { now: new Date('2026-01-01T00:00:00Z') });
    expect((await studyStats(expired.token)).json()).toMatchObject({
      code: ErrorCode.SessionExpired,
    });

    const disabled = await createLearner(database.db, { now: clock.now(), isDisabled: true });
    const response = await studyStats(disabled.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ErrorCode.AccountDisabled });
  });

  it('checks the input first: a bad body is 40001 even without a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/words/add', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.InvalidInput });
  });
});

describe("auth: 'optional'", () => {
  it('answers without a token, adds the learner with one, and refuses a bad one', async () => {
    expect((await hierarchy()).json().data.sections[0].types[0].practised).toBeNull();
    const { token } = await createLearner(database.db, { now: clock.now() });
    expect((await hierarchy(token)).json().data.sections[0].types[0].practised).toBe(0);
    const bad = await hierarchy('x'.repeat(43));
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: ErrorCode.TokenMissing });
  });
});
