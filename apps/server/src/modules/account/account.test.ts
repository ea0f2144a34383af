import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AccountExportSchema, ErrorCode, type AccountExport } from '@ninety/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import type { Db } from '../../db/client';
import {
  attempts,
  itemComments,
  learningProfiles,
  listeningCards,
  listeningProgress,
  listeningSentenceScores,
  materialGrants,
  mockPaperItems,
  mockPapers,
  orders,
  courseProgress,
  pendingObjectDeletions,
  scoringSlots,
  uploadSessions,
  smsCodes,
  userSettings,
  userStudyDays,
  userWords,
  wechatIdentities,
} from '../../db/schema';
import { createLearner, createSession } from '../../../test/factories';
import { addFavorite, bankItem, markPractised, seedItems } from '../../../test/bank';
import { latestCode } from '../../../test/accounts';
import { openTestDatabase, testClock, testConfig } from '../../../test/test-app';
import {
  deleteAccountRows,
  purgePendingObjectDeletions,
  recordingObjectKey,
} from './account.service';

/**
 * 我的数据 through the API on a real database and the real local storage: the export holds the
 * learner's data and nobody else's; deletion removes every row and every stored object of the
 * learner, kills their sessions, leaves other learners alone, and survives a crash between the
 * rows and the objects.
 */

const item = bankItem('SWT', 901);
const spokenItem = bankItem('RA', 901);

let app: App;
let db: Db;
let storageDir: string;
const clock = testClock();

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'ninety-account-'));
  const database = await openTestDatabase();
  db = database.db;
  app = await buildApp(testConfig({ STORAGE_DIR: storageDir }), { database, clock });
  await seedItems(db, [item, spokenItem]);
}, 30_000);
afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(storageDir, ...key.split('/'));
async function putObject(key: string): Promise<void> {
  await mkdir(path.dirname(fileOf(key)), { recursive: true });
  await writeFile(fileOf(key), 'RIFF test');
}
async function exists(key: string): Promise<boolean> {
  return stat(fileOf(key)).then(
    () => true,
    () => false,
  );
}

interface Learner {
  userId: number;
  token: string;
  phone: string;
  word: string;
  attemptIds: number[];
  /** The objects the learner has in the store. */
  objects: string[];
  /** An unfinished multipart upload of theirs. */
  uploadId: string;
  mockPaper: { id: number; publicId: string };
}

/** A learner with something in every table keyed by the user, and objects in the store. */
async function learnerWithData(): Promise<Learner> {
  const { user, userId, token } = await createLearner(db, { now: clock.now() });
  const legacyKey = `recordings/${randomUUID()}.wav`;
  const keyedRecording = `recordings/${userId}/${randomUUID()}.wav`;
  const upload = `uploads/${userId}/avatar-${randomUUID()}.png`;
  // A stamped 资料 copy: it carries the learner's id, so it goes with the account.
  const stampedCopy = `material-copies/${userId}/M${userId}/u/di-charts-0123456789abcdef.pdf`;
  for (const key of [legacyKey, keyedRecording, upload, stampedCopy]) await putObject(key);
  const stored = await db
    .insert(attempts)
    .values([
      {
        userId,
        itemId: item.id,
        type: 'SWT',
        answer: { text: `summary of ${userId}` },
        score: 5,
        max: 7,
        result: { traits: [] },
        scoringProfile: 'test',
        timeSpentSeconds: 60,
        idempotencyKey: randomUUID(),
      },
      {
        userId,
        itemId: spokenItem.id,
        type: 'RA',
        answer: { recording: { url: `/files/${legacyKey}`, durationSeconds: 12.5 } },
        score: 40,
        max: 90,
        result: { words: [] },
        scoringProfile: 'test',
        timeSpentSeconds: 40,
        idempotencyKey: randomUUID(),
      },
      {
        userId,
        itemId: spokenItem.id,
        type: 'RA',
        // What the scoring jobs store from now on: a key under the learner's own prefix.
        answer: { recording: { url: `/files/${keyedRecording}`, durationSeconds: 3 } },
        score: 50,
        max: 90,
        result: { words: [] },
        scoringProfile: 'test',
        timeSpentSeconds: 40,
        idempotencyKey: randomUUID(),
      },
    ])
    .returning({ id: attempts.id });
  const word = `word${userId}x`;
  await db.insert(userWords).values({ userId, word });
  await addFavorite(db, userId, item.id, 2);
  await markPractised(db, userId, item.id, 3);
  await db.insert(userStudyDays).values({
    userId,
    day: '2026-11-21',
    studySeconds: 600,
    practiceCount: 2,
    updatedAt: clock.now(),
  });
  await db
    .insert(userSettings)
    .values({ userId, settings: { playbackRate: 1.2 }, updatedAt: clock.now() });
  await db.insert(itemComments).values({
    userId,
    itemId: item.id,
    attemptId: stored[0]!.id,
    scoreType: 2,
    source: 'web',
    content: `comment of ${userId}`,
    score: 5,
    max: 7,
  });
  // An avatar upload left half-done: its parts sit in the store, outside the learner's prefix.
  const unfinishedKey = `uploads/${userId}/photo-${randomUUID()}.png`;
  const { uploadId } = await new LocalDiskStorage(storageDir, '/files').multipart.create(
    unfinishedKey,
    'image/png',
  );
  await db.insert(uploadSessions).values({
    id: randomUUID(),
    userId,
    purpose: 'avatar',
    objectKey: unfinishedKey,
    storeUploadId: uploadId,
    fileName: 'photo.png',
    contentType: 'image/png',
    size: 10_000_000,
    partSize: 5_242_880,
    partCount: 2,
    lastModified: 0,
    fingerprint: randomUUID(),
    status: 'uploading',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  const [paper] = await db
    .insert(mockPapers)
    .values({
      publicId: randomUUID(),
      userId,
      blueprintId: 'mini',
      blueprintVersion: 1,
      seed: 'seed',
      paper: { items: [item.id] },
      status: 'ready',
      createdAt: clock.now(),
      report: { overall: 55 },
    })
    .returning({ id: mockPapers.id, publicId: mockPapers.publicId });
  await db.insert(mockPaperItems).values({
    paperId: paper!.id,
    itemIndex: 0,
    itemId: item.id,
    type: 'SWT',
    answer: { text: `mock answer of ${userId}` },
    scoring: 'scored',
    score: 4,
    max: 7,
  });
  // A recording being scored holds a place in the queue (a table with no foreign key to users).
  await db.insert(scoringSlots).values({
    userId,
    slot: 0,
    jobId: randomUUID(),
    expiresAt: new Date(clock.now().getTime() + 600_000),
  });
  await db.insert(learningProfiles).values({
    userId,
    timeZone: 'Australia/Sydney',
    targetOverall: 65,
    dailyMinutes: 45,
    updatedAt: clock.now(),
  });
  await db.insert(listeningProgress).values({
    userId,
    materialId: 'lp-0001',
    position: 3,
    mode: 'dictation',
    updatedAt: clock.now(),
  });
  await db.insert(listeningSentenceScores).values({
    userId,
    materialId: 'lp-0001',
    sentenceIndex: 2,
    mode: 'dictation',
    score: 7,
    max: 9,
    at: clock.now(),
  });
  await db.insert(materialGrants).values({
    userId,
    materialId: 1,
    orderNo: `M${userId}`,
    grantedAt: clock.now(),
  });
  await db.insert(courseProgress).values({
    userId,
    lessonId: 'wfd-basics',
    positionSeconds: 12.5,
    updatedAt: clock.now(),
  });
  await db.insert(orders).values({
    orderNo: `NT${userId}`,
    userId,
    kind: 'vip',
    itemId: 'month',
    titleZh: 'Ninety VIP 月度会员',
    amountFen: 9900,
    expiresAt: clock.now(),
    createdAt: clock.now(),
  });
  await db.insert(listeningCards).values({
    userId,
    kind: 'word',
    mode: 'dictation',
    materialId: 'lp-0001',
    sentenceIndex: 2,
    word: `word${userId}`,
    due: clock.now(),
    stability: 1,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 1,
    lastReview: clock.now(),
    createdAt: clock.now(),
  });
  await db.insert(wechatIdentities).values({
    openId: `open-${userId}-${randomUUID()}`,
    userCode: randomUUID(),
    nickname: `微信${userId}`,
    userId,
  });
  return {
    userId,
    token,
    phone: user.phone!,
    word,
    attemptIds: stored.map((row) => row.id),
    objects: [legacyKey, keyedRecording, upload, stampedCopy],
    uploadId,
    mockPaper: paper!,
  };
}

/** Rows of a plain SQL query (both drivers answer `{ rows }`). */
async function select<Row>(query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Rows per table keyed by `user_id` (every such table in the schema, found in the catalogue). */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const tables = await select<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await select<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    counts[table] = row!.n;
  }
  const [user] = await select<{ n: number }>(
    sql`select count(*)::int as n from users where id = ${userId}`,
  );
  counts.users = user!.n;
  return counts;
}

const exportOf = (token: string) =>
  app.inject({ method: 'GET', url: '/api/account/export', headers: { token } });
const sendCode = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/deletion/sendCode',
    headers: { token },
    remoteAddress: `2001:db8:${randomUUID().slice(0, 4)}::7`,
  });
const deleteWith = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: { token },
    payload: payload as Record<string, unknown>,
  });

describe('exporting my data', () => {
  it('downloads a dated JSON file with the learner’s data and nobody else’s', async () => {
    const me = await learnerWithData();
    const other = await learnerWithData();

    const response = await exportOf(me.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ninety-data-2026-11-22.json"',
    );
    const file: AccountExport = AccountExportSchema.parse(response.json());

    expect(file.profile.phone).toBe(`${me.phone.slice(0, 3)}****${me.phone.slice(-4)}`);
    expect(response.body).not.toContain(me.phone);
    expect(file.attempts.map((attempt) => attempt.id)).toEqual(me.attemptIds.map(String));
    expect(file.recordings).toHaveLength(2);
    for (const recording of file.recordings) {
      expect(recording.url).toMatch(
        /^http:\/\/localhost:\d+\/files\/recordings\/.+\.wav\?expires=\d+&signature=/,
      );
    }
    expect(file.words).toEqual([{ word: me.word, createdAt: expect.any(String) }]);
    expect(file.favorites).toEqual([{ itemId: item.id, label: 2, createdAt: expect.any(String) }]);
    expect(file.itemProgress).toMatchObject([{ itemId: item.id, practiceCount: 3 }]);
    expect(file.studyDays).toEqual([{ day: '2026-11-21', studySeconds: 600, practiceCount: 2 }]);
    expect(file.settings).toMatchObject({ playbackRate: 1.2 });
    expect(file.comments).toMatchObject([{ content: `comment of ${me.userId}` }]);
    expect(file.wechat).toMatchObject([{ nickname: `微信${me.userId}` }]);
    expect(file.mockExams).toMatchObject([
      {
        publicId: me.mockPaper.publicId,
        status: 'ready',
        report: { overall: 55 },
        items: [{ itemId: item.id, answer: { text: `mock answer of ${me.userId}` }, score: 4 }],
      },
    ]);
    expect(file.sessions).toHaveLength(1);
    expect(file.sessions[0]).not.toHaveProperty('tokenHash');
    expect(file.learningProfile).toMatchObject({
      timeZone: 'Australia/Sydney',
      isDefaultTimeZone: false,
      targetOverall: 65,
      dailyMinutes: 45,
    });
    expect(file.listening.progress).toMatchObject([{ materialId: 'lp-0001', position: 3 }]);
    expect(file.listening.sentenceScores).toMatchObject([{ sentenceIndex: 2, score: 7, max: 9 }]);
    expect(file.listening.reviewCards).toMatchObject([
      { kind: 'word', word: `word${me.userId}`, reps: 1 },
    ]);
    expect(file.materials).toEqual([
      { materialId: 1, orderNo: `M${me.userId}`, grantedAt: clock.now().toISOString() },
    ]);
    expect(file.courses).toEqual([
      {
        lessonId: 'wfd-basics',
        positionSeconds: 12.5,
        done: false,
        doneAt: null,
        updatedAt: clock.now().toISOString(),
      },
    ]);
    expect(file.orders).toMatchObject([
      { orderNo: `NT${me.userId}`, kind: 'vip', itemId: 'month', amountFen: 9900 },
    ]);

    // Nothing of the other learner.
    expect(response.body).not.toContain(other.word);
    expect(response.body).not.toContain(`comment of ${other.userId}`);
    expect(response.body).not.toContain(`mock answer of ${other.userId}`);
    expect(response.body).not.toContain(other.phone.slice(-4) + '"');
    for (const id of other.attemptIds) {
      expect(file.attempts.map((attempt) => attempt.id)).not.toContain(String(id));
    }
  });

  it('reads a long history a page at a time, every attempt once and in order', async () => {
    const { userId, token } = await createLearner(db, { now: clock.now() });
    const many = Array.from({ length: 450 }, (_, index) => ({
      userId,
      itemId: item.id,
      type: 'SWT',
      answer: { text: `answer ${index}` },
      score: index % 8,
      max: 7,
      result: {},
      scoringProfile: 'test',
      timeSpentSeconds: 10,
      idempotencyKey: randomUUID(),
    }));
    await db.insert(attempts).values(many);
    const file = AccountExportSchema.parse((await exportOf(token)).json());
    expect(file.attempts).toHaveLength(450);
    expect(file.attempts.map((attempt) => (attempt.answer as { text: string }).text)).toEqual(
      many.map((row) => row.answer.text),
    );
    expect(file.recordings).toEqual([]);
  });

  it('is limited to a few downloads an hour per learner, and needs a session', async () => {
    const { token } = await createLearner(db, { now: clock.now() });
    for (let n = 0; n < 3; n += 1) expect((await exportOf(token)).statusCode).toBe(200);
    const limited = await exportOf(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.TooManyRequests);
    // Another learner is not limited by the first one's downloads.
    const { token: other } = await createLearner(db, { now: clock.now() });
    expect((await exportOf(other)).statusCode).toBe(200);

    const anonymous = await app.inject({ method: 'GET', url: '/api/account/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ErrorCode.TokenMissing);
  });
});

describe('deleting my account', () => {
  it('refuses a missing, wrong or unsent code and keeps everything', async () => {
    const me = await learnerWithData();
    const before = await rowsOf(me.userId);

    const missing = await deleteWith(me.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ErrorCode.InvalidInput);

    const unsent = await deleteWith(me.token, { code: '123456' });
    expect(unsent.json().code).toBe(ErrorCode.SmsCodeExpired);

    const sent = await sendCode(me.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      phone: `${me.phone.slice(0, 3)}****${me.phone.slice(-4)}`,
      phonecode: '86',
    });
    const code = await latestCode(app, me.phone);
    const wrong = await deleteWith(me.token, { code: code === '000000' ? '000001' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ErrorCode.SmsCodeWrong);

    expect(await rowsOf(me.userId)).toEqual(before);
    for (const key of me.objects) expect(await exists(key)).toBe(true);
    const stillIn = await app.inject({ url: '/api/auth/getUser', headers: { token: me.token } });
    expect(stillIn.statusCode).toBe(200);
  });

  it('removes every row and object of the learner, ends every session, and nothing else', async () => {
    const me = await learnerWithData();
    const secondDevice = await createSession(db, me.userId, { now: clock.now() });
    const other = await learnerWithData();
    const otherBefore = await rowsOf(other.userId);
    const mineBefore = await rowsOf(me.userId);
    expect(mineBefore).toMatchObject({
      users: 1,
      sessions: 2,
      attempts: 3,
      item_comments: 1,
      user_favorites: 1,
      user_item_progress: 1,
      user_settings: 1,
      user_study_days: 1,
      user_words: 1,
      wechat_identities: 1,
      scoring_slots: 1,
      upload_sessions: 1,
      mock_papers: 1,
    });

    expect((await sendCode(me.token)).statusCode).toBe(200);
    const code = await latestCode(app, me.phone);
    const response = await deleteWith(me.token, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { deleted: true, objectsRemoved: 4, objectsPending: 0 },
    });

    const after = await rowsOf(me.userId);
    for (const [table, count] of Object.entries(after)) {
      expect({ table, count }).toEqual({ table, count: 0 });
    }
    expect(
      await db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, me.userId)),
    ).toEqual([]);
    expect(await db.select().from(smsCodes).where(eq(smsCodes.phone, me.phone))).toEqual([]);
    expect(
      await db.select().from(mockPaperItems).where(eq(mockPaperItems.paperId, me.mockPaper.id)),
    ).toEqual([]);
    for (const key of me.objects) expect(await exists(key)).toBe(false);
    expect(await exists(`.multipart/${me.uploadId}/upload.json`)).toBe(false);
    expect(await exists(`.multipart/${other.uploadId}/upload.json`)).toBe(true);

    for (const token of [me.token, secondDevice]) {
      const ended = await app.inject({ url: '/api/auth/getUser', headers: { token } });
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe(ErrorCode.TokenMissing);
    }

    // A repeated call (a retry after a lost answer) finds no session and changes nothing.
    const again = await deleteWith(me.token, { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(ErrorCode.TokenMissing);

    expect(await rowsOf(other.userId)).toEqual(otherBefore);
    for (const key of other.objects) expect(await exists(key)).toBe(true);
    const otherIn = await app.inject({ url: '/api/auth/getUser', headers: { token: other.token } });
    expect(otherIn.statusCode).toBe(200);
  });

  it('sweeps the learner’s prefixes again later, for a scoring job that wrote after the deletion', async () => {
    const me = await learnerWithData();
    await sendCode(me.token);
    const response = await deleteWith(me.token, { code: await latestCode(app, me.phone) });
    expect(response.statusCode).toBe(200);

    // A job still running during the deletion writes its recording afterwards; its attempt
    // insert fails on the missing user, but the object would stay.
    const late = `recordings/${me.userId}/${randomUUID()}.wav`;
    await putObject(late);
    await expect(
      db.insert(attempts).values({
        userId: me.userId,
        itemId: spokenItem.id,
        type: 'RA',
        answer: { recording: { url: `/files/${late}`, durationSeconds: 1 } },
        score: 0,
        max: 90,
        result: {},
        scoringProfile: 'test',
        timeSpentSeconds: 1,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toThrow();

    const storage = new LocalDiskStorage(storageDir, '/files');
    const context = { db, clock, storage };
    // Not due yet: nothing happens now.
    expect((await purgePendingObjectDeletions(context)).done).toBe(0);
    expect(await exists(late)).toBe(true);
    clock.advance(60 * 60 + 1);
    const swept = await purgePendingObjectDeletions(context);
    expect(swept.failed).toBe(0);
    expect(await exists(late)).toBe(false);
    clock.advance(24 * 60 * 60);
    await purgePendingObjectDeletions(context);
  });

  it('finishes the object removal later when the process stopped right after the rows went', async () => {
    const me = await learnerWithData();
    const other = await learnerWithData();

    // The transaction commits, then the process dies before removing anything.
    expect(await deleteAccountRows({ db, clock }, me.userId)).not.toBeNull();
    expect((await rowsOf(me.userId)).users).toBe(0);
    for (const key of me.objects) expect(await exists(key)).toBe(true);
    const recorded = await db.select().from(pendingObjectDeletions);
    expect(recorded.map((row) => row.objectKey)).toEqual(
      expect.arrayContaining([
        me.objects[0],
        `recordings/${me.userId}/`,
        `uploads/${me.userId}/`,
        `material-copies/${me.userId}/`,
      ]),
    );

    // Later, the periodic purge (the job queue) does the rest.
    const storage = new LocalDiskStorage(storageDir, '/files');
    const outcome = await purgePendingObjectDeletions({ db, clock, storage });
    expect(outcome.failed).toBe(0);
    for (const key of me.objects) expect(await exists(key)).toBe(false);
    for (const key of other.objects) expect(await exists(key)).toBe(true);

    // Deleting again is harmless: the account is already gone.
    expect(await deleteAccountRows({ db, clock }, me.userId)).toBeNull();
  });
});

describe('purging a long history', () => {
  it('removes hundreds of old-style recordings in the deletion itself, a batch at a time', async () => {
    const { user, userId, token } = await createLearner(db, { now: clock.now() });
    const keys = Array.from({ length: 450 }, () => `recordings/${randomUUID()}.wav`);
    for (const key of keys) await putObject(key);
    await db.insert(attempts).values(
      keys.map((key) => ({
        userId,
        itemId: spokenItem.id,
        type: 'RA',
        answer: { recording: { url: `/files/${key}`, durationSeconds: 1 } },
        score: 1,
        max: 90,
        result: {},
        scoringProfile: 'test',
        timeSpentSeconds: 1,
        idempotencyKey: randomUUID(),
      })),
    );
    await sendCode(token);
    const response = await deleteWith(token, { code: await latestCode(app, user.phone!) });
    expect(response.json()).toEqual({
      data: { deleted: true, objectsRemoved: 450, objectsPending: 0 },
    });
    for (const key of keys) expect(await exists(key)).toBe(false);
  });

  it('keeps a removal the store refused for a later try, and does it then', async () => {
    const me = await learnerWithData();
    expect(await deleteAccountRows({ db, clock }, me.userId)).not.toBeNull();
    const disk = new LocalDiskStorage(storageDir, '/files');
    // A store that is down for this learner's uploads.
    const failing = {
      remove: (key: string) => disk.remove(key),
      removePrefix: async (prefix: string) => {
        if (prefix === `uploads/${me.userId}/`) throw new Error('store unreachable');
        return disk.removePrefix(prefix);
      },
    };
    const first = await purgePendingObjectDeletions({ db, clock, storage: failing });
    expect(first.failed).toBe(1);
    expect(await exists(me.objects[2]!)).toBe(true);
    const [kept] = await db
      .select()
      .from(pendingObjectDeletions)
      .where(eq(pendingObjectDeletions.objectKey, `uploads/${me.userId}/`))
      .orderBy(pendingObjectDeletions.notBefore)
      .limit(1);
    expect(kept).toMatchObject({ tries: 1, lastError: 'store unreachable' });

    // Not again until its retry time; then the store is back.
    expect((await purgePendingObjectDeletions({ db, clock, storage: disk })).done).toBe(0);
    clock.advance(5 * 60);
    await purgePendingObjectDeletions({ db, clock, storage: disk });
    expect(await exists(me.objects[2]!)).toBe(false);
  });
});

describe('recordingObjectKey', () => {
  it('finds the key of a stored recording path and nothing outside recordings/', () => {
    expect(recordingObjectKey('/files/recordings/abc.wav')).toBe('recordings/abc.wav');
    expect(recordingObjectKey('/files/recordings/7/abc.wav?expires=1&signature=x')).toBe(
      'recordings/7/abc.wav',
    );
    expect(recordingObjectKey('recordings/7/abc.wav')).toBe('recordings/7/abc.wav');
    expect(recordingObjectKey('https://cdn.example.com/recordings/7/abc.wav')).toBe(
      'recordings/7/abc.wav',
    );
    expect(recordingObjectKey('/files/bank/audio/ra/ra-0001.mp3')).toBeNull();
    expect(recordingObjectKey('/files/bank/recordings/abc.wav')).toBeNull();
    expect(recordingObjectKey('/files/recordings/../bank/x.mp3')).toBeNull();
    expect(recordingObjectKey('')).toBeNull();
  });
});
