/**
 * 我的数据: a learner downloads everything we hold about them, or deletes their account.
 *
 * Deletion, in order: the learner proves it is them again (an SMS code sent to the account's own
 * phone) → one transaction removes every row of theirs (the users row, which every table keyed by
 * the user id follows by ON DELETE CASCADE, sessions included; their WeChat identities and SMS
 * codes, which are not keyed by it) and records, in the same transaction, the stored objects to
 * remove → the objects are removed from the store. A crash after the commit leaves those records,
 * which purgePendingObjectDeletions finishes later (the job queue runs it periodically).
 */
import {
  accountExportFileName,
  ErrorCode,
  maskPhone,
  uploadPrefixOf,
  type AccountDeletionCodeResult,
  type AccountDeletionResult,
  type AccountExport,
} from '@ninety/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../adapters/queue/job-queue';
import {
  MEDIA_PATH,
  RECORDINGS_PREFIX,
  materialCopiesPrefixOf,
} from '../../adapters/storage/media-keys';
import { assertObjectKey, type ObjectStorage } from '../../adapters/storage/object-storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds, localDate, type Clock } from '../../lib/clock';
import type { RecordingLinks } from '../../lib/recording-links';
import {
  attemptsPage,
  forgetScoringSlots,
  recordingsPage,
  storedRecordingUrls,
} from '../attempts/attempts-export.service';
import { forgetScoringJobsOf } from '../attempts/attempts.service';
import { ownCommentsPage } from '../comments/comments.service';
import { favoritesPage } from '../favorites/favorites.service';
import { learningProfile } from '../learning-centre/learning-centre.service';
import { listeningExportOf } from '../listening/listening.service';
import { materialGrantsExportOf } from '../materials/materials.service';
import { mockPapersPage } from '../mock/mock-export.service';
import { ordersExportOf } from '../orders/orders.service';
import { coursesExportOf } from '../courses/courses.service';
import { sessionsPage } from '../sessions/sessions.service';
import { querySettings } from '../settings/settings.service';
import { forgetCodesOf, sendLoginCode, verifyLoginCode, type SmsDeps } from '../sms/sms.service';
import { itemProgressPage, studyDaysOf } from '../study/study.service';
import { abortOpenUploadsOf } from '../uploads/uploads.service';
import {
  deleteUser,
  energyLeft,
  findUser,
  isMember,
  lockUserForDeletion,
  type QuotaPolicy,
  type UserRow,
} from '../users/users.service';
import { boundIdentities, forgetIdentitiesOf } from '../wechat/wechat.service';
import { savedWordsPage } from '../words/words.service';
import {
  toExportAttempt,
  toExportComment,
  toExportFavorite,
  toExportHead,
  toExportMockExam,
  toExportProgress,
  toExportRecording,
  toExportSession,
  toExportWord,
} from './account.mapper';
import {
  countPendingInRange,
  deletePendingDeletion,
  duePendingDeletions,
  insertPendingDeletions,
  postponePendingDeletion,
  type IdRange,
  type PendingDeletionInsert,
  type PendingDeletionRow,
} from './account.repository';

/**
 * Object-key prefixes that belong to one learner (recordings keyed by learner; their uploads;
 * their stamped 资料 copies).
 */
export const learnerObjectPrefixes = (userId: number): string[] => [
  `${RECORDINGS_PREFIX}/${userId}/`,
  uploadPrefixOf(userId),
  materialCopiesPrefixOf(userId),
];

/**
 * After the first removal, each learner prefix is swept again at these delays: a scoring job
 * that was running during the deletion may still write its recording under the prefix (its
 * attempt insert then fails, the user being gone). User ids are never reused, so a late sweep
 * can only hit the deleted learner's objects.
 */
export const LATE_SWEEP_SECONDS = [60 * 60, 24 * 60 * 60] as const;

/** A removal that failed is tried again after this many seconds (times the tries so far). */
const RETRY_SECONDS = 5 * 60;
/** Deletions read at a time. */
const PURGE_BATCH = 200;
/**
 * How long one purge call goes on (wall time): the periodic job's run stays well inside its
 * expiry; a deletion's own purge answers the learner within seconds and leaves the rest of a
 * very long history (one removal per old-style recording) to the periodic job.
 */
export const PURGE_BUDGET_MS = 60_000;
const DELETION_PURGE_BUDGET_MS = 10_000;
/** Rows per page when the export reads a list. */
const EXPORT_PAGE = 200;

export interface PurgeContext {
  db: Db;
  clock: Clock;
  storage: Pick<ObjectStorage, 'remove' | 'removePrefix'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface AccountDeps extends PurgeContext {
  sms: SmsDeps;
  /** The job queue, whose scoring jobs hold the learner's answers. */
  queue: JobQueue;
  storage: ObjectStorage;
  recordingLinks: RecordingLinks;
  quota: QuotaPolicy;
  timeZone: string;
  /** Links in the export file are absolute: the file is read outside the site. */
  publicBaseUrl: string;
}

async function requireUser(deps: { db: Db }, userId: number): Promise<UserRow> {
  const user = await findUser(deps, userId);
  if (!user) throw new AppError(ErrorCode.TokenMissing);
  return user;
}

function phoneOf(user: UserRow): { phonecode: string; phone: string } {
  if (!user.phone || !user.phonecode) {
    // Without a phone there is no second factor to prove it is the learner and not someone
    // holding their session: we do not delete on the session alone.
    throw new AppError(
      ErrorCode.InvalidInput,
      '该账号未绑定手机号，无法验证身份：请先绑定手机号再注销，或通过老师微信联系我们协助注销',
    );
  }
  return { phonecode: user.phonecode, phone: user.phone };
}

/** Sends a code to the account's own phone (never to a number from the request). */
export async function sendDeletionCode(
  deps: AccountDeps,
  userId: number,
  ip: string | null,
): Promise<AccountDeletionCodeResult> {
  const number = phoneOf(await requireUser(deps, userId));
  const { resendAfter } = await sendLoginCode(deps.sms, number, ip);
  return { phone: maskPhone(number.phone), phonecode: number.phonecode, resendAfter };
}

/**
 * The object key a stored recording path names (`/files/recordings/…` as attempts store it, a
 * bare key, or an absolute URL whose path is the key), or null when it is not a key under
 * recordings/ — so a strange value can never make a deletion remove a bank file.
 */
export function recordingObjectKey(stored: string): string | null {
  let path = stored.split('?', 1)[0] ?? '';
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname.slice(1);
    } catch {
      return null;
    }
  }
  if (path.startsWith(`${MEDIA_PATH}/`)) path = path.slice(MEDIA_PATH.length + 1);
  if (!path.startsWith(`${RECORDINGS_PREFIX}/`)) return null;
  try {
    assertObjectKey(path);
  } catch {
    return null;
  }
  return path;
}

/**
 * Removes every row of the learner in one transaction and records the objects to remove. The
 * user's row is locked first, so a scoring job or sign-in racing the deletion waits and then
 * fails on the missing user instead of adding rows after the deletion. Returns null when the
 * account was already gone (a repeated call).
 */
export async function deleteAccountRows(
  deps: Pick<AccountDeps, 'db' | 'clock'>,
  userId: number,
): Promise<{ immediate: IdRange } | null> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUserForDeletion(tx, userId);
    if (!user) return null;
    const now = deps.clock.now();
    const keys = new Set<string>();
    for (const url of await storedRecordingUrls(tx, userId)) {
      const key = recordingObjectKey(url);
      if (key) keys.add(key);
    }
    const prefixes = learnerObjectPrefixes(userId);
    const dueNow: PendingDeletionInsert[] = [
      ...[...keys].map((objectKey) => ({ objectKey, isPrefix: false, notBefore: now })),
      ...prefixes.map((objectKey) => ({ objectKey, isPrefix: true, notBefore: now })),
    ];
    const later: PendingDeletionInsert[] = LATE_SWEEP_SECONDS.flatMap((seconds) =>
      prefixes.map((objectKey) => ({
        objectKey,
        isPrefix: true,
        notBefore: addSeconds(now, seconds),
      })),
    );
    const ids = await insertPendingDeletions(tx, dueNow);
    await insertPendingDeletions(tx, later);
    await forgetIdentitiesOf(tx, userId);
    await forgetScoringSlots(tx, userId);
    if (user.phone && user.phonecode) {
      await forgetCodesOf(tx, { phonecode: user.phonecode, phone: user.phone });
    }
    await deleteUser(tx, userId);
    // The prefixes are always there, so `ids` is never empty; ids grow within one insert.
    return {
      immediate: {
        from: ids.reduce((low, id) => Math.min(low, id)),
        to: ids.reduce((high, id) => Math.max(high, id)),
      },
    };
  });
}

export interface PurgeOutcome {
  /** Objects removed from the store (a prefix counts what it held). */
  objectsRemoved: number;
  /** Deletions done (rows cleared). */
  done: number;
  /** Deletions that failed this time and stay for a later call. */
  failed: number;
}

/**
 * Removes the recorded objects that are due, oldest first, until none is due or `budgetMs` has
 * passed; a removal that fails stays recorded and is tried again later (not in this call). Safe
 * to run at the same time as another call (removing a removed object is not an error). The job
 * queue runs it periodically; a deletion runs it at once for its own rows (`range`).
 */
export async function purgePendingObjectDeletions(
  context: PurgeContext,
  options: { range?: IdRange; budgetMs?: number } = {},
): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = { objectsRemoved: 0, done: 0, failed: 0 };
  const deadline = Date.now() + (options.budgetMs ?? PURGE_BUDGET_MS);
  while (Date.now() < deadline) {
    const due = await duePendingDeletions(
      context.db,
      context.clock.now(),
      PURGE_BATCH,
      options.range,
    );
    if (due.length === 0) break;
    await purgeRows(context, due, outcome);
  }
  return outcome;
}

async function purgeRows(
  context: PurgeContext,
  due: PendingDeletionRow[],
  outcome: PurgeOutcome,
): Promise<void> {
  for (const row of due) {
    try {
      if (row.isPrefix) {
        outcome.objectsRemoved += await context.storage.removePrefix(row.objectKey);
      } else {
        await context.storage.remove(row.objectKey);
        outcome.objectsRemoved += 1;
      }
      await deletePendingDeletion(context.db, row.id);
      outcome.done += 1;
    } catch (error) {
      outcome.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      context.log?.warn({ err: error, objectKey: row.objectKey }, 'object deletion failed');
      await postponePendingDeletion(
        context.db,
        row.id,
        addSeconds(context.clock.now(), RETRY_SECONDS * (row.tries + 1)),
        message,
      );
    }
  }
}

/**
 * Deletes the account after checking the code sent to its phone (40002/40003/40004 otherwise):
 * unfinished uploads, rows and sessions, then stored objects.
 */
export async function deleteAccount(
  deps: AccountDeps,
  userId: number,
  code: string,
  ip: string | null,
): Promise<AccountDeletionResult> {
  const number = phoneOf(await requireUser(deps, userId));
  await verifyLoginCode(deps.sms, number, code, ip);
  // Unfinished multipart uploads are not objects (a prefix removal misses them) and their rows
  // go with the account: abort them first. A store that fails answers 50300 and nothing is deleted.
  await abortOpenUploadsOf(deps, userId);
  const deleted = await deleteAccountRows(deps, userId);
  // Queued or ended scoring jobs hold the learner's answers in their data: they go too. A job
  // running now finds no learner, stores nothing, and its recording is removed with the prefix.
  await forgetScoringJobsOf(deps, userId);
  // Already gone: a concurrent request did it (this one's session check ran just before).
  if (!deleted) return { deleted: true, objectsRemoved: 0, objectsPending: 0 };
  const purged = await purgePendingObjectDeletions(deps, {
    range: deleted.immediate,
    budgetMs: DELETION_PURGE_BUDGET_MS,
  });
  return {
    deleted: true,
    objectsRemoved: purged.objectsRemoved,
    objectsPending: await countPendingInRange(deps.db, deleted.immediate),
  };
}

/** Reads a keyset-paged list to the end, one page in memory at a time. */
async function* pagesOf<Row, Cursor>(
  first: Cursor,
  fetch: (after: Cursor) => Promise<{ list: Row[]; next: Cursor | null }>,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = first;
  while (after !== null) {
    const page: { list: Row[]; next: Cursor | null } = await fetch(after);
    if (page.list.length > 0) yield page.list;
    after = page.list.length > 0 ? page.next : null;
  }
}

/** Writes `"name":[…]` from pages of elements without holding the whole list. */
async function* jsonArray<Row>(
  name: string,
  pages: AsyncIterable<Row[]>,
  map: (row: Row) => unknown,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let first = true;
  for await (const page of pages) {
    const text = page.map((row) => JSON.stringify(map(row))).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']';
}

const lastOf = <Row, Cursor>(list: Row[], cursor: (row: Row) => Cursor): Cursor | null => {
  const last = list.at(-1);
  return last === undefined ? null : cursor(last);
};

export interface AccountExportFile {
  fileName: string;
  /** The JSON text (AccountExportSchema), in pieces; read it once. */
  chunks: AsyncIterable<string>;
}

/**
 * The learner's data as one JSON file (AccountExportSchema). The small parts are read before the
 * answer starts, so a failure there is an ordinary error envelope; the lists (attempts may be
 * tens of thousands) are read a page at a time as the file is sent.
 */
export async function exportAccount(deps: AccountDeps, userId: number): Promise<AccountExportFile> {
  const user = await requireUser(deps, userId);
  const now = deps.clock.now();
  const { updatedAt: _updatedAt, ...settings } = await querySettings(deps, userId);
  const head = toExportHead(user, {
    exportedAt: now,
    membership: {
      memberLevel: user.memberLevel,
      memberExpiresAt: user.memberExpiresAt?.toISOString() ?? null,
      isMember: isMember(user, now),
      energyLeft: isMember(user, now) ? null : energyLeft(user, deps.quota, now),
      energyResetRule: deps.quota.reset,
    },
    settings,
    wechat: await boundIdentities(deps, userId),
    studyDays: await studyDaysOf(deps, userId),
    learningProfile: await learningProfile(deps, userId),
    listening: await listeningExportOf(deps, userId),
    materials: await materialGrantsExportOf(deps, userId),
    orders: await ordersExportOf(deps, userId),
    courses: await coursesExportOf(deps, userId),
  });
  const absolute = (url: string) => (url.startsWith('/') ? `${deps.publicBaseUrl}${url}` : url);

  async function* chunks(): AsyncGenerator<string> {
    // The head without its closing brace; each list follows as `,"name":[…]`.
    yield JSON.stringify(head).slice(0, -1);
    yield* jsonArray(
      'sessions',
      pagesOf(0, async (after: number) => {
        const list = await sessionsPage(deps, userId, after, EXPORT_PAGE);
        return { list, next: lastOf(list, (row) => row.id) };
      }),
      toExportSession,
    );
    yield* jsonArray(
      'itemProgress',
      pagesOf('', async (after: string) => {
        const list = await itemProgressPage(deps, userId, after, EXPORT_PAGE);
        return { list, next: lastOf(list, (row) => row.itemId) };
      }),
      toExportProgress,
    );
    yield* jsonArray(
      'favorites',
      pagesOf('', async (after: string) => {
        const list = await favoritesPage(deps, userId, after, EXPORT_PAGE);
        return { list, next: lastOf(list, (row) => row.itemId) };
      }),
      toExportFavorite,
    );
    yield* jsonArray(
      'words',
      pagesOf('', async (after: string) => {
        const list = await savedWordsPage(deps, userId, after, EXPORT_PAGE);
        return { list, next: lastOf(list, (row) => row.word) };
      }),
      toExportWord,
    );
    yield* jsonArray(
      'comments',
      pagesOf(0, async (after: number) => {
        const list = await ownCommentsPage(deps, userId, after, EXPORT_PAGE);
        return { list, next: lastOf(list, (row) => row.id) };
      }),
      toExportComment,
    );
    yield* jsonArray(
      'attempts',
      pagesOf(0, async (after: number) => {
        const page = await attemptsPage(deps, userId, after, EXPORT_PAGE);
        return { list: page.list, next: page.lastId };
      }),
      (attempt) => toExportAttempt(attempt, absolute),
    );
    yield* jsonArray(
      'mockExams',
      pagesOf(0, async (after: number) => {
        // A paper carries its items (about 70): fewer papers per page.
        const page = await mockPapersPage(deps, userId, after, 20);
        return { list: page.list, next: page.lastId };
      }),
      toExportMockExam,
    );
    yield* jsonArray(
      'recordings',
      pagesOf(0, async (after: number) => {
        const page = await recordingsPage(deps, userId, after, EXPORT_PAGE);
        return { list: page.list, next: page.lastId };
      }),
      (recording) => toExportRecording(recording, absolute),
    );
    yield '}';
  }

  return { fileName: accountExportFileName(localDate(now, deps.timeZone)), chunks: chunks() };
}

/** The export's type, for tests that read the file back. */
export type { AccountExport };
