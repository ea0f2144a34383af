import os from 'node:os';
import path from 'node:path';
import type { MockBlueprintList, MockPaperState, MockReport } from '@ninety/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { Database } from '../../db/client';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';

/**
 * The real blueprints on the real bank (content/), as `npm start` imports it: every paper a
 * learner can choose starts, the operator paper is given first, and a paper skipped to the end
 * (every item unanswered) finishes into a ready report at once.
 */

const clock = testClock();
let app: App;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(
    testConfig({
      CONTENT_IMPORT_ON_START: 'true',
      STORAGE_DIR: path.join(os.tmpdir(), `ninety-mock-real-${process.pid}-${Date.now()}`),
    }),
    { database, clock },
  );
}, 300_000);
afterAll(async () => {
  await app.close();
});

async function post<T>(url: string, token: string, payload?: object) {
  const response = await app.inject({ method: 'POST', url, headers: { token }, payload });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

describe('the real blueprints', () => {
  it('offers every kind but the test paper, and each starts from the bank', async () => {
    const list = (
      (await app.inject({ url: '/api/mock/blueprints' })).json() as { data: MockBlueprintList }
    ).data.list;
    expect(list.map((entry) => entry.kind)).not.toContain('test');
    expect(new Set(list.map((entry) => entry.kind))).toEqual(
      new Set(['full', 'section', 'mini', 'level']),
    );
    const { token } = await createLearner(database.db, { isMember: true, now: clock.now() });
    for (const blueprint of list) {
      const state = await post<MockPaperState>('/api/mock/papers', token, {
        blueprintId: blueprint.id,
      });
      expect(state.itemCount).toBe(blueprint.itemCount);
      expect(state.current?.index).toBe(0);
      expect(state.current?.content).toBeDefined();
      expect(JSON.stringify(state)).not.toMatch(/"answerKey"|"key":/);
    }
  });

  it('gives the operator paper first, then assembles papers that avoid its items', async () => {
    const { token } = await createLearner(database.db, { isMember: true, now: clock.now() });
    const reports: MockReport[] = [];
    const itemsOf = async () => {
      const state = await post<MockPaperState>('/api/mock/papers', token, {
        blueprintId: 'full-mock',
      });
      await post<MockPaperState>(`/api/mock/papers/${state.id}/finish`, token);
      clock.advance(60);
      const report = (
        (await app.inject({ url: `/api/mock/reports/${state.id}`, headers: { token } })).json() as {
          data: MockReport;
        }
      ).data;
      reports.push(report);
      // Nothing was answered: every item ended at once and the report is ready.
      expect(report.status).toBe('ready');
      expect(report.scores?.overall.score).toBe(10);
      return report.items.map((item) => item.itemId);
    };
    const first = await itemsOf();
    // content/mock/papers/full-mock-a.yaml fixes the Describe Image, SWT and essay items.
    expect(first).toEqual(
      expect.arrayContaining(['di-0001', 'di-0018', 'swt-0003', 'swt-0011', 'we-0007']),
    );
    const second = await itemsOf();
    const shared = first.filter((id) => second.includes(id));
    // The bank has 16 of each type: only Repeat Sentence (12 a paper) must repeat.
    expect(shared.every((id) => id.startsWith('rs-'))).toBe(true);
    // The owner's second report compares with the first.
    expect(reports[1]!.previous).toEqual([
      expect.objectContaining({ id: reports[0]!.id, overall: 10, reading: 10 }),
    ]);
  }, 60_000);
});
