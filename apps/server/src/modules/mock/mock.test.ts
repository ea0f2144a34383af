import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ErrorCode,
  ITEM_TYPE_CODES,
  UPLOAD_TOKEN_HEADER,
  MOCK_SUBMIT_GRACE_SECONDS,
  type AttemptResult,
  type Item,
  type ItemTypeCode,
  type MockItemAnalysis,
  type MockPaperState,
  type MockRecordList,
  type MockReport,
} from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { encodeWav } from '../../adapters/speech/wav';
import type { Database } from '../../db/client';
import { attempts, mockPaperItems, mockPapers, users } from '../../db/schema';
import type { RecordingScorer } from '../attempts/recording-scorer';
import { bankItem, seedItems } from '../../../test/bank';
import { createLearner } from '../../../test/factories';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import { discardAbandonedPapers, mockRecordingsInFlight } from './mock.service';

/**
 * Mock exams through the API (docs/mock-exams.md): starting and the one use it costs, the
 * server's clock on read (resume, time-outs, the section timer), bad and repeated answers, and a
 * whole paper of every type scored through practice's scorer and the job queue into a report.
 * Recordings are scored by a stand-in (as in voice-attempts.test.ts): a first sample byte of 3
 * stands for a recording the engine fails on every try.
 */

const ENERGY = 2;
const clock = testClock();
const storageDir = path.join(testConfig().STORAGE_DIR, `mock-${process.pid}-${Date.now()}`);

const spoken: AttemptResult = { kind: 'blanks', score: 1, max: 1, blanks: [] };
const standIn: RecordingScorer = {
  async score(_item: Item, wav: Uint8Array) {
    if (wav[44] === 3) throw new Error('the engine failed on this recording');
    return { result: spoken, durationSeconds: (wav.length - 44) / 32_000 };
  },
};

let app: App;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(
    testConfig({
      NON_MEMBER_ENERGY: String(ENERGY),
      STORAGE_DIR: storageDir,
      MOCK_TEST_BLUEPRINTS: 'true',
    }),
    { database, clock, recordings: standIn },
  );
  // Two of every type: a second paper can avoid the first one's items.
  await seedItems(
    database.db,
    ITEM_TYPE_CODES.flatMap((type) => [bankItem(type, 1), bankItem(type, 2)]),
  );
});
afterAll(async () => {
  await app.close();
});

const learner = (options: { energy?: number; isMember?: boolean } = {}) =>
  createLearner(database.db, { energy: ENERGY, now: clock.now(), ...options });

type Envelope<T> = { data: T } & { code?: number; msg?: string };

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

const start = (token: string, blueprintId = 'test-all-types') =>
  call<MockPaperState>('POST', '/api/mock/papers', token, { blueprintId });
const stateOf = (token: string, id: string) =>
  call<MockPaperState>('GET', `/api/mock/papers/${id}`, token);
const answer = (token: string, id: string, index: number, value: unknown) =>
  call<MockPaperState>('POST', `/api/mock/papers/${id}/items/${index}/answer`, token, {
    answer: value,
  });
const draft = (token: string, id: string, index: number, value: unknown) =>
  call<unknown>('PUT', `/api/mock/papers/${id}/items/${index}/draft`, token, { answer: value });

async function record(token: string, id: string, index: number, firstByte = 0) {
  const wav = encodeWav(new Float32Array(16_000));
  wav[44] = firstByte;
  const response = await app.inject({
    method: 'POST',
    url: `/api/mock/papers/${id}/items/${index}/recording`,
    headers: { token, 'content-type': 'audio/wav' },
    payload: Buffer.from(wav),
  });
  return { status: response.statusCode, body: response.json() as Envelope<MockPaperState> };
}

/** A right answer of a written type, from the example item's key. */
function rightAnswer(type: ItemTypeCode): unknown {
  const key = (buildExampleItem(type) as { key: Record<string, unknown> }).key;
  switch (type) {
    case 'RWFIB':
    case 'RFIB':
    case 'LFIB':
      return { blanks: (key['answers'] as { answer: string }[]).map((entry) => entry.answer) };
    case 'RO':
      return { order: key['order'] };
    case 'HIW':
      return { words: (key['changes'] as { index: number }[]).map((entry) => entry.index) };
    case 'WFD':
      return { text: key['sentence'] };
    case 'SWT':
      return {
        text: 'Trees cool hot cities and improve health, but these benefits need long-term planning and funding.',
      };
    case 'WE':
    case 'SST':
      return {
        text: 'Free education widens access to opportunity for many students. '.repeat(20).trim(),
      };
    default:
      return { chosen: key['correct'] };
  }
}

const isSpoken = (type: ItemTypeCode) =>
  ['PI', 'RA', 'RS', 'DI', 'RL', 'ASQ', 'SGD', 'RTS'].includes(type);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('blueprints', () => {
  it('lists the full, section, mini and level papers, and the test paper when configured', async () => {
    const { status, body } = await call<{ list: { id: string; kind: string }[] }>(
      'GET',
      '/api/mock/blueprints',
    );
    expect(status).toBe(200);
    const kinds = body.data.list.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['full', 'section', 'mini', 'level', 'test']));
    expect(body.data.list.map((entry) => entry.id)).toContain('test-all-types');
    // The section papers in the test's order.
    expect(
      body.data.list.filter((entry) => entry.kind === 'section').map((entry) => entry.id),
    ).toEqual(['section-speaking-writing', 'section-reading', 'section-listening']);
  });
});

describe('the API document', () => {
  it('lists the mock routes with their schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/mock/blueprints',
        '/api/mock/papers',
        '/api/mock/papers/{paperId}',
        '/api/mock/papers/{paperId}/items/{index}/draft',
        '/api/mock/papers/{paperId}/items/{index}/answer',
        '/api/mock/papers/{paperId}/items/{index}/recording',
        '/api/mock/papers/{paperId}/finish',
        '/api/mock/papers/{paperId}/discard',
        '/api/mock/reports/{paperId}',
        '/api/mock/reports/{paperId}/items/{index}',
      ]),
    );
  });
});

describe('starting a paper', () => {
  it('costs a non-member one use for the whole paper, and refuses one with none left', async () => {
    const { token, userId } = await learner({ energy: 1 });
    const started = await start(token);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('in_progress');
    expect(started.body.data.current?.index).toBe(0);
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.energy).toBe(0);

    // Answering items costs nothing more.
    const id = started.body.data.id;
    const next = await record(token, id, 0);
    expect(next.status).toBe(200);
    const [after] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(after?.energy).toBe(0);

    const refused = await start(token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.QuotaUsedUp);
  });

  it('lets members start without limit; an unknown blueprint is 404', async () => {
    const { token } = await learner({ isMember: true, energy: 0 });
    expect((await start(token)).status).toBe(200);
    expect((await start(token, 'no-such-paper')).status).toBe(404);
  });

  it('avoids the items of the learner’s earlier mocks while the bank has others', async () => {
    const { token } = await learner({ isMember: true });
    const first = (await start(token)).body.data;
    const second = (await start(token)).body.data;
    const itemsOf = async (state: MockPaperState) => {
      // The item ids are not in the outline: read them from the report of a finished paper.
      await call('POST', `/api/mock/papers/${state.id}/finish`, token);
      const report = await call<MockReport>('GET', `/api/mock/reports/${state.id}`, token);
      return report.body.data.items.map((item) => item.itemId);
    };
    const a = await itemsOf(first);
    const b = await itemsOf(second);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});

describe('the server’s clock', () => {
  it('resumes on the same item with the time left, keeps the draft, and auto-submits at the deadline', async () => {
    const { token } = await learner({ isMember: true });
    const started = (await start(token)).body.data;
    const id = started.id;
    // PI: 25 s to read, 30 s to answer, on its own clock.
    expect(started.current).toMatchObject({ index: 0, type: 'PI', clock: 'item' });
    expect(started.current?.remainingSeconds).toBe(55);

    clock.advance(20);
    const reloaded = (await stateOf(token, id)).body.data;
    expect(reloaded.current?.index).toBe(0);
    expect(reloaded.current?.remainingSeconds).toBe(35);
    expect(reloaded.current?.deadline).toBe(started.current?.deadline);

    // Past the deadline and the grace: the server has submitted it and moved on.
    clock.advance(35 + MOCK_SUBMIT_GRACE_SECONDS + 1);
    const moved = (await stateOf(token, id)).body.data;
    expect(moved.items[0]).toMatchObject({ submitted: true, submittedBy: 'clock' });
    expect(moved.current?.index).toBe(1);
    expect(moved.current?.type).toBe('RA');

    const late = await record(token, id, 0);
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('本题作答时间已到，已按自动保存的内容提交');
  });

  it('submits a typed item with its autosaved draft when its clock runs out', async () => {
    const { token, userId } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    let state = (await stateOf(token, id)).body.data;
    while (state.current && state.current.type !== 'SWT') {
      state = (await answer(token, id, state.current.index, null)).body.data;
    }
    const swt = state.current!;
    const text = rightAnswer('SWT');
    const saved = await draft(token, id, swt.index, { text: 'first words' });
    expect(saved.status).toBe(200);
    expect((await draft(token, id, swt.index, text)).status).toBe(200);
    const resumed = (await stateOf(token, id)).body.data;
    expect(resumed.current?.draft).toEqual(text);

    // A draft for an item not reached yet is refused.
    const ahead = await draft(token, id, swt.index + 1, text);
    expect(ahead.status).toBe(400);

    clock.advance(swt.timing.itemSeconds! + 1);
    // After the deadline, a draft is refused (the grace is only for answers in flight).
    expect((await draft(token, id, swt.index, text)).status).toBe(400);
    clock.advance(MOCK_SUBMIT_GRACE_SECONDS);
    const after = (await stateOf(token, id)).body.data;
    expect(after.items[swt.index]).toMatchObject({ submitted: true, submittedBy: 'clock' });
    expect(after.current?.type).toBe('WE');
    // The draft is the submitted answer (its essay scoring is a job; the whole-paper test waits
    // for those).
    const [row] = await database.db
      .select()
      .from(mockPaperItems)
      .where(and(eq(mockPaperItems.itemIndex, swt.index), eq(mockPaperItems.type, 'SWT')))
      .innerJoin(mockPapers, eq(mockPapers.id, mockPaperItems.paperId))
      .then((rows) => rows.filter((entry) => entry.mock_papers.userId === userId));
    expect(row?.mock_paper_items.answer).toEqual(text);
    expect(row?.mock_paper_items.submittedBy).toBe('clock');
  });

  it('runs one section timer for reading: when it ends, every reading item left is submitted', async () => {
    const { token, userId } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    let state = (await stateOf(token, id)).body.data;
    while (state.current && state.current.type !== 'RWFIB') {
      state = (await answer(token, id, state.current.index, null)).body.data;
    }
    const first = state.current!;
    expect(first.clock).toBe('section');
    expect(first.remainingSeconds).toBe(600);
    clock.advance(100);
    state = (await answer(token, id, first.index, rightAnswer('RWFIB'))).body.data;
    expect(state.current?.type).toBe('RMCM');
    expect(state.current?.deadline).toBe(first.deadline);
    expect(state.current?.remainingSeconds).toBe(500);

    // A draft of the second reading item is its answer when the section ends.
    expect((await draft(token, id, first.index + 1, rightAnswer('RMCM'))).status).toBe(200);
    clock.advance(500 + MOCK_SUBMIT_GRACE_SECONDS + 1);
    state = (await stateOf(token, id)).body.data;
    expect(state.current?.type).toBe('SST');
    const reading = state.items.filter((item) => item.partId === 'part-2');
    expect(reading.map((item) => item.submittedBy)).toEqual([
      'learner',
      'clock',
      'clock',
      'clock',
      'clock',
    ]);
    const stored = await database.db.select().from(attempts).where(eq(attempts.userId, userId));
    expect(stored.find((row) => row.type === 'RMCM')).toMatchObject({
      answer: rightAnswer('RMCM'),
      score: 2,
    });
  });
});

describe('bad and repeated answers', () => {
  it('refuses an item that is not the current one, not in the paper, or another learner’s paper', async () => {
    const { token } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    const ahead = await answer(token, id, 3, { chosen: ['A'] });
    expect(ahead.status).toBe(400);
    expect(ahead.body).toEqual({ code: ErrorCode.InvalidInput, msg: '只能作答当前题目' });
    expect((await answer(token, id, 150, null)).status).toBe(404);

    const other = await learner({ isMember: true });
    expect((await stateOf(other.token, id)).status).toBe(404);
    expect((await record(other.token, id, 0)).status).toBe(404);
    expect((await stateOf(token, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // A typed answer to a spoken item, or a wrong shape, is refused and nothing moves.
    expect((await answer(token, id, 0, { text: 'hello' })).status).toBe(400);
    expect((await stateOf(token, id)).body.data.current?.index).toBe(0);
  });

  it('takes a repeated submit once and answers the same state; a different answer is refused', async () => {
    const { token, userId } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    let state = (await stateOf(token, id)).body.data;
    while (state.current && state.current.type !== 'RMCS') {
      state = (await answer(token, id, state.current.index, null)).body.data;
    }
    const index = state.current!.index;
    const once = await answer(token, id, index, rightAnswer('RMCS'));
    const twice = await answer(token, id, index, rightAnswer('RMCS'));
    expect(once.status).toBe(200);
    expect(twice.status).toBe(200);
    expect(twice.body.data.current?.index).toBe(once.body.data.current?.index);
    expect(twice.body.data.current?.deadline).toBe(once.body.data.current?.deadline);
    const changed = await answer(token, id, index, { chosen: ['A'] });
    expect(changed.status).toBe(400);
    expect(changed.body.msg).toBe('这道题已经提交，不能修改');
    const rows = await database.db.select().from(attempts).where(eq(attempts.userId, userId));
    expect(rows.filter((row) => row.type === 'RMCS')).toHaveLength(1);
  });

  it('takes the same recording sent twice at once as one answer', async () => {
    const { token, userId } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    await answer(token, id, 0, null);
    const [a, b] = await Promise.all([record(token, id, 1), record(token, id, 1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.current?.index).toBe(2);
    expect(b.body.data.current?.index).toBe(2);
    const rows = await until(
      async () => database.db.select().from(attempts).where(eq(attempts.userId, userId)),
      (list) => list.length > 0,
    );
    expect(rows.filter((row) => row.type === 'RA')).toHaveLength(1);
  });
});

describe('a whole paper', () => {
  it('scores every item, lists the failed one as unscored, and reports publicly without audio', async () => {
    const { token, user } = await learner({ energy: 1 });
    const started = (await start(token)).body.data;
    const id = started.id;
    let state = started;
    let failedIndex = -1;
    while (state.current) {
      const { index, type } = state.current;
      clock.advance(3);
      if (isSpoken(type)) {
        // The Read Aloud recording fails on every try of its scoring job.
        if (type === 'RA') failedIndex = index;
        const sent = await record(token, id, index, type === 'RA' ? 3 : 0);
        expect(sent.status, `${type}: ${JSON.stringify(sent.body)}`).toBe(200);
        state = sent.body.data;
      } else {
        const sent = await answer(token, id, index, rightAnswer(type));
        expect(sent.status, `${type}: ${JSON.stringify(sent.body)}`).toBe(200);
        state = sent.body.data;
      }
    }
    expect(state.status).toMatch(/scoring|ready/);
    expect(state.finishedBy).toBe('learner');

    const records = await call<MockRecordList>('GET', '/api/mock/papers', token);
    expect(records.body.data.list[0]).toMatchObject({ id, answered: state.itemCount });

    const report = await until(
      async () => (await call<MockReport>('GET', `/api/mock/reports/${id}`, token)).body.data,
      (value) => value.status === 'ready',
    );
    expect(report.isOwner).toBe(true);
    expect(report.progress).toEqual({ done: state.itemCount, total: state.itemCount });
    expect(report.scores?.overall.score).not.toBeNull();
    expect(report.scores?.skills.reading.score).not.toBeNull();
    const failed = report.items[failedIndex]!;
    expect(failed).toMatchObject({ type: 'RA', status: 'unscored', score: null });
    expect(report.scores?.unscoredItems.map((item) => item.itemId)).toContain(failed.itemId);
    expect(report.timeByPart.map((part) => part.partId)).toEqual([
      'intro',
      'part-1',
      'part-2',
      'part-3',
    ]);
    expect(report.timeByPart.every((part) => part.usedSeconds > 0)).toBe(true);

    // Signed out: the report and analysis, without the phone number or any recording.
    const publicReport = await app.inject({ method: 'GET', url: `/api/mock/reports/${id}` });
    expect(publicReport.statusCode).toBe(200);
    expect(publicReport.body).not.toContain(user.phone);
    expect(publicReport.body).not.toContain('.wav');
    expect((publicReport.json() as Envelope<MockReport>).data).toMatchObject({
      isOwner: false,
      // The default nickname holds the phone's last four digits.
      learnerName: '用户****',
      previous: [],
    });
    expect(report.learnerName).toBe(user.nickname);

    const rsIndex = report.items.find((item) => item.type === 'RS')!.index;
    const publicItem = await call<MockItemAnalysis>(
      'GET',
      `/api/mock/reports/${id}/items/${rsIndex}`,
    );
    expect(publicItem.status).toBe(200);
    expect(publicItem.body.data.recording).toBeNull();
    expect(JSON.stringify(publicItem.body)).not.toContain('.wav');
    const ownItem = await call<MockItemAnalysis>(
      'GET',
      `/api/mock/reports/${id}/items/${rsIndex}`,
      token,
    );
    expect(ownItem.body.data.recording?.url).toMatch(/\.wav/);
    expect(ownItem.body.data.status).toBe('scored');

    const wfdIndex = report.items.find((item) => item.type === 'WFD')!.index;
    const wfd = await call<MockItemAnalysis>('GET', `/api/mock/reports/${id}/items/${wfdIndex}`);
    expect(wfd.body.data).toMatchObject({
      status: 'scored',
      learnerAnswer: rightAnswer('WFD'),
      previousIndex: wfdIndex - 1,
      nextIndex: null,
    });
    expect(wfd.body.data.answer.key).toBeDefined();
  }, 300_000);

  it('hides the report and analysis while the paper is being sat', async () => {
    const { token } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    expect((await call('GET', `/api/mock/reports/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/mock/reports/${id}/items/0`, token)).status).toBe(404);
  });
});

describe('abandoned papers', () => {
  it('can be given up by the learner: discarded, out of the records, no report', async () => {
    const { token } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    const inProgress = (await call<MockRecordList>('GET', '/api/mock/papers', token)).body.data;
    expect(inProgress.list[0]).toMatchObject({ id, status: 'in_progress', answered: 0 });
    const discarded = await call<MockPaperState>('POST', `/api/mock/papers/${id}/discard`, token);
    expect(discarded.body.data).toMatchObject({ status: 'discarded', current: null });
    const records = (await call<MockRecordList>('GET', '/api/mock/papers', token)).body.data;
    expect(records.list.map((entry) => entry.id)).not.toContain(id);
    expect((await call('GET', `/api/mock/reports/${id}`)).status).toBe(404);
    expect((await answer(token, id, 0, null)).body.msg).toBe('这份模考已放弃，不能再作答');
  });

  it('are discarded 72 h after the start by the periodic function, and left out of the records', async () => {
    const { token } = await learner({ isMember: true });
    const id = (await start(token)).body.data.id;
    clock.advance(73 * 3600);
    expect(await discardAbandonedPapers({ db: database.db }, clock.now())).toBeGreaterThanOrEqual(
      1,
    );
    const records = (await call<MockRecordList>('GET', '/api/mock/papers', token)).body.data;
    expect(records.list.map((entry) => entry.id)).not.toContain(id);
    expect((await answer(token, id, 0, null)).status).toBe(400);
  });
});

describe('a full scoring queue', () => {
  it('keeps recordings the queue refused, tries again on later reads, and gives them up as unscored', async () => {
    // No worker takes jobs here, and one waiting job fills the queue.
    const busyDir = path.join(storageDir, 'busy');
    const busyDatabase = await openTestDatabase();
    const busy = await buildApp(
      testConfig({
        STORAGE_DIR: busyDir,
        MOCK_TEST_BLUEPRINTS: 'true',
        WORKERS_IN_PROCESS: 'false',
        SCORING_MAX_WAITING: '1',
      }),
      { database: busyDatabase, clock, recordings: standIn },
    );
    try {
      await seedItems(
        busyDatabase.db,
        ITEM_TYPE_CODES.map((type) => bankItem(type, 1)),
      );
      const { token, userId } = await createLearner(busyDatabase.db, {
        isMember: true,
        now: clock.now(),
      });
      const send = async (index: number) => {
        const response = await busy.inject({
          method: 'POST',
          url: `/api/mock/papers/${id}/items/${index}/recording`,
          headers: { token, 'content-type': 'audio/wav' },
          payload: Buffer.from(encodeWav(new Float32Array(16_000))),
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as Envelope<MockPaperState>).data;
      };
      const started = await busy.inject({
        method: 'POST',
        url: '/api/mock/papers',
        headers: { token },
        payload: { blueprintId: 'test-all-types' },
      });
      const id = (started.json() as Envelope<MockPaperState>).data.id;
      await send(0); // PI: not scored
      await send(1); // RA: queued, and now the queue is full
      const afterRs = await send(2); // RS: refused by the queue, kept for later
      expect(afterRs.current?.index).toBe(3);
      await send(3); // DI: refused too
      const kept = path.join(busyDir, 'recordings', String(userId), `mock-${id}-2.wav`);
      const keptDi = path.join(busyDir, 'recordings', String(userId), `mock-${id}-3.wav`);
      expect(existsSync(kept)).toBe(true);
      expect(existsSync(keptDi)).toBe(true);

      const finished = await busy.inject({
        method: 'POST',
        url: `/api/mock/papers/${id}/finish`,
        headers: { token },
      });
      expect(finished.statusCode).toBe(200);
      const report = async () =>
        ((await busy.inject({ url: `/api/mock/reports/${id}` })).json() as Envelope<MockReport>)
          .data;
      expect((await report()).items[2]).toMatchObject({ type: 'RS', status: 'scoring' });
      expect((await report()).items[3]).toMatchObject({ type: 'DI', status: 'scoring' });

      clock.advance(31 * 60);
      const later = await report();
      expect(later.items[2]).toMatchObject({
        type: 'RS',
        status: 'unscored',
        reasonZh: '这道题未能完成评分（已重试多次），不计入估分',
      });
      // Given up one after the other in the same read: a refusal stops a read's retries, an
      // answer given up does not.
      expect(later.items[3]).toMatchObject({ type: 'DI', status: 'unscored' });
      expect(later.items[1]).toMatchObject({ type: 'RA', status: 'scoring' });
      expect(existsSync(kept)).toBe(false);
      expect(existsSync(keptDi)).toBe(false);
    } finally {
      await busy.close();
    }
  });
});

describe('recordings of a paper in flight (MOCK_RECORDINGS_IN_FLIGHT)', () => {
  it('defaults to the speech threads of this machine, never under the learner’s two', () => {
    expect(mockRecordingsInFlight({ SPEECH_WORKERS: 1 })).toBe(2);
    expect(mockRecordingsInFlight({ SPEECH_WORKERS: 2 })).toBe(2);
    expect(mockRecordingsInFlight({ SPEECH_WORKERS: 8 })).toBe(8);
    expect(mockRecordingsInFlight({ SPEECH_WORKERS: 2, MOCK_RECORDINGS_IN_FLIGHT: 6 })).toBe(6);
  });

  it('queues that many of a paper’s recordings at once and keeps the next for later', async () => {
    // No worker takes jobs here: the queued recordings stay in flight.
    const fleetDatabase = await openTestDatabase();
    const fleet = await buildApp(
      testConfig({
        STORAGE_DIR: path.join(storageDir, 'fleet'),
        MOCK_TEST_BLUEPRINTS: 'true',
        WORKERS_IN_PROCESS: 'false',
        SCORING_MAX_WAITING: '50',
        MOCK_RECORDINGS_IN_FLIGHT: '3',
      }),
      { database: fleetDatabase, clock, recordings: standIn },
    );
    try {
      await seedItems(
        fleetDatabase.db,
        ITEM_TYPE_CODES.map((type) => bankItem(type, 1)),
      );
      const { token } = await createLearner(fleetDatabase.db, { isMember: true, now: clock.now() });
      const started = await fleet.inject({
        method: 'POST',
        url: '/api/mock/papers',
        headers: { token },
        payload: { blueprintId: 'test-all-types' },
      });
      const id = (started.json() as Envelope<MockPaperState>).data.id;
      // PI (not scored), then RA, RS, DI and RL back to back.
      for (const index of [0, 1, 2, 3, 4]) {
        const response = await fleet.inject({
          method: 'POST',
          url: `/api/mock/papers/${id}/items/${index}/recording`,
          headers: { token, 'content-type': 'audio/wav' },
          payload: Buffer.from(encodeWav(new Float32Array(16_000))),
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const [paper] = await fleetDatabase.db
        .select({ id: mockPapers.id })
        .from(mockPapers)
        .where(eq(mockPapers.publicId, id));
      const items = await fleetDatabase.db
        .select({ index: mockPaperItems.itemIndex, scoring: mockPaperItems.scoring })
        .from(mockPaperItems)
        .where(eq(mockPaperItems.paperId, paper!.id));
      const scoringOf = (index: number) => items.find((item) => item.index === index)?.scoring;
      expect([1, 2, 3, 4].map(scoringOf)).toEqual(['scoring', 'scoring', 'scoring', 'deferred']);
    } finally {
      await fleet.close();
    }
  });
});

describe('recordings sent through the resumable uploader (issue 14)', () => {
  /** The browser's uploader in short: grant, session, the one part, complete; the object key. */
  async function uploadRecording(token: string, wav: Uint8Array, name = 'take.wav') {
    const granted = await app.inject({ url: '/api/auth/local/uploadToken', headers: { token } });
    const grant = granted.json().data.credentials.sessionToken as string;
    const headers = { token, [UPLOAD_TOKEN_HEADER]: grant };
    const created = await app.inject({
      method: 'POST',
      url: '/api/uploads/create',
      headers,
      payload: {
        purpose: 'mock-recording',
        fileName: name,
        size: wav.length,
        contentType: 'audio/wav',
        lastModified: clock.now().getTime() + wav[44]!,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.json().data as { uploadId: string; key: string };
    const urls = await app.inject({
      method: 'POST',
      url: '/api/uploads/partUrls',
      headers,
      payload: { uploadId: session.uploadId, partNumbers: [1] },
    });
    const put = await app.inject({
      method: 'PUT',
      url: urls.json().data.parts[0].url as string,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(wav),
    });
    expect(put.statusCode, put.body).toBe(200);
    return {
      session,
      complete: () =>
        app.inject({
          method: 'POST',
          url: '/api/uploads/complete',
          headers,
          payload: { uploadId: session.uploadId },
        }),
    };
  }

  const submitUploaded = (token: string, id: string, index: number, key: string) =>
    call<MockPaperState>('POST', `/api/mock/papers/${id}/items/${index}/recording-upload`, token, {
      key,
    });

  const take = (firstByte: number) => {
    const wav = encodeWav(new Float32Array(16_000));
    wav[44] = firstByte;
    return wav;
  };

  it('takes the uploaded recording as the answer, once, and scores it as the raw body would be', async () => {
    const { token, userId } = await learner({ isMember: true });
    const { body: started } = await start(token);
    const id = started.data.id;
    // The personal introduction is never uploaded (it stays on the device): Next without it.
    await answer(token, id, 0, null);

    const upload = await uploadRecording(token, take(1));
    // Not finished yet: not an answer.
    const early = await submitUploaded(token, id, 1, upload.session.key);
    expect(early.status).toBe(404);
    expect((await upload.complete()).statusCode).toBe(200);

    const first = await submitUploaded(token, id, 1, upload.session.key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.current?.index).toBe(2);
    // The item keeps its own copy: the upload is removed.
    const uploaded = path.join(storageDir, upload.session.key);
    expect(existsSync(uploaded)).toBe(false);
    // The same request again (a lost answer retried): the same paper, nothing stored twice.
    const again = await submitUploaded(token, id, 1, upload.session.key);
    expect(again.status).toBe(200);
    expect(again.body.data.current?.index).toBe(2);

    // Another upload for the item already answered is refused.
    const other = await uploadRecording(token, take(2), 'other.wav');
    await other.complete();
    const second = await submitUploaded(token, id, 1, other.session.key);
    expect(second.status).toBe(400);
    expect(second.body.msg).toBe('这道题已经提交，不能修改');

    expect((await call('POST', `/api/mock/papers/${id}/finish`, token)).status).toBe(200);
    const report = await until(
      async () => (await call<MockReport>('GET', `/api/mock/reports/${id}`)).body.data,
      (value) => value.items[1] !== undefined && value.items[1].status !== 'scoring',
    );
    expect(report.items[1]).toMatchObject({ type: 'RA', status: 'scored' });
    const stored = await database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), eq(attempts.itemId, report.items[1]!.itemId)));
    expect(stored).toHaveLength(1);
  });

  it('refuses another learner’s upload, a key outside the recordings folder and an unknown key', async () => {
    const owner = await learner({ isMember: true });
    const { token } = await learner({ isMember: true });
    const { body: started } = await start(token);
    const id = started.data.id;
    await answer(token, id, 0, null);
    const theirs = await uploadRecording(owner.token, take(1));
    await theirs.complete();
    for (const key of [
      theirs.session.key,
      theirs.session.key.replace('mock-recording', 'avatar'),
      `uploads/${owner.userId}/../x.wav`,
      'recordings/1/a.wav',
    ]) {
      const refused = await submitUploaded(token, id, 1, key);
      expect(refused.status, key).toBe(404);
      expect(refused.body.code).toBe(ErrorCode.NotFound);
    }
    expect((await stateOf(token, id)).body.data.current?.index).toBe(1);
  });
});
