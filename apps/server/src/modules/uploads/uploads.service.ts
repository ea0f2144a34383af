import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  UPLOAD_MAX_PARTS,
  UPLOAD_PART_SIZE,
  UPLOAD_PROVIDERS,
  UPLOAD_RULES,
  uploadPrefixOf,
  type CreateUploadBody,
  type UploadPartUrls,
  type UploadPartUrlsBody,
  type UploadPurpose,
  type UploadSession,
  type UploadToken,
} from '@ninety/contract';
import {
  assertObjectKey,
  type ObjectStorage,
  type UploadedPart,
} from '../../adapters/storage/object-storage';
import { MEDIA_PATH } from '../../adapters/storage/media-keys';
import type { Db } from '../../db/client';
import { AppError, invalidBodyField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UploadGrant, UploadGrants } from './upload-grants';
import { toUploadSession } from './uploads.mapper';
import {
  closeSession,
  deleteFinishedSession,
  findCompletedByKey,
  findFinishedSessionsBefore,
  findIdleOpenSessions,
  findOpenByFingerprint,
  findOpenSessionsOfUser,
  findOwnSession,
  insertSession,
  touchSession,
  type UploadSessionRow,
} from './uploads.repository';

/** How long a grant lasts: long enough for a big file on a slow line, short if it leaks. */
export const UPLOAD_GRANT_SECONDS = 30 * 60;
/** Spec §9: a signature is valid for 900 s; a part URL the same. */
export const PART_URL_SECONDS = 900;
/** Private uploads (recordings) leave as links this short. */
const PRIVATE_URL_SECONDS = 15 * 60;
/** An unfinished upload untouched this long is abandoned: the cleanup aborts it. */
export const ABANDONED_UPLOAD_SECONDS = 24 * 60 * 60;

const STORE_DOWN = '文件存储服务暂不可用，请稍后再试';

export interface UploadsDeps {
  db: Db;
  clock: Clock;
  storage: ObjectStorage;
  grants: UploadGrants;
  /** The configured store (STORAGE_PROVIDER): accepted as `{provider}` besides local/cos/s3. */
  provider: string;
}

/** A store call; a store that fails or cannot be reached is a 50300, not a 50000. */
async function store<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.Unavailable, STORE_DOWN, undefined, { cause: error });
  }
}

const nowSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** Spec §7 `GET /api/auth/{provider}/uploadToken`: a short grant for the learner's own prefix. */
export function issueUploadToken(deps: UploadsDeps, userId: number, provider: string): UploadToken {
  const known: readonly string[] = UPLOAD_PROVIDERS;
  if (!known.includes(provider) && provider !== deps.provider) {
    throw new AppError(ErrorCode.InvalidInput, `不支持的存储服务：${provider.slice(0, 20)}`);
  }
  const prefix = uploadPrefixOf(userId);
  const { grant, token, secretKey } = deps.grants.issue(
    userId,
    prefix,
    nowSeconds(deps.clock),
    UPLOAD_GRANT_SECONDS,
  );
  return {
    credentials: { tmpSecretId: grant.id, tmpSecretKey: secretKey, sessionToken: token },
    startTime: grant.startTime,
    expiredTime: grant.expiredTime,
    keyPrefix: prefix,
    partSize: UPLOAD_PART_SIZE,
  };
}

/** The grant presented with an upload call: ours, unexpired and the signed-in learner's. */
export function requireGrant(
  deps: Pick<UploadsDeps, 'grants' | 'clock'>,
  userId: number,
  token: string | undefined,
): UploadGrant {
  if (!token) throw new AppError(ErrorCode.BadSignature, '缺少上传凭证，请重新获取');
  const grant = deps.grants.read(token);
  if (!grant) throw new AppError(ErrorCode.BadSignature, '上传凭证无效，请重新获取');
  if (grant.expiredTime <= nowSeconds(deps.clock)) {
    throw new AppError(ErrorCode.BadSignature, '上传凭证已过期，请重新获取');
  }
  if (grant.userId !== userId || grant.prefix !== uploadPrefixOf(userId)) {
    throw new AppError(ErrorCode.BadSignature, '上传凭证不属于当前账号，请重新获取');
  }
  return grant;
}

/** Whether a stored object may be used as this learner's file: theirs, or not a learner upload. */
export function isUsableBy(key: string, userId: number): boolean {
  return !key.startsWith('uploads/') || key.startsWith(uploadPrefixOf(userId));
}

/** `image/JPEG; charset=x` → `image/jpeg`. */
const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** A file name as one key segment: letters, digits, `_`, `-` and single dots, at most 80. */
export function sanitiseFileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 80)
    .replace(/[.-]+$/, '');
  return stem || 'file';
}

/**
 * Spec §5 and §7: the key given (leading slashes removed, not empty, inside the learner's own
 * prefix and the purpose's folder there, the type's extension) or built from the file's last-modified time and its name.
 */
export function objectKeyFor(
  userId: number,
  body: Pick<CreateUploadBody, 'key' | 'purpose' | 'fileName' | 'lastModified'>,
  extension: string,
): string {
  const prefix = uploadPrefixOf(userId);
  if (body.key === undefined) {
    return `${prefix}${body.purpose}/${body.lastModified}-${sanitiseFileStem(body.fileName)}.${extension}`;
  }
  const key = body.key.replace(/^\/+/, '');
  if (key === '') throw invalidBodyField('key', '对象键不能为空');
  try {
    assertObjectKey(key);
  } catch {
    throw invalidBodyField('key', '对象键只能由字母、数字、点、下划线和连字符组成，以 / 分隔');
  }
  // Under the purpose's own folder too: whether an upload is private goes by that folder
  // (media-keys isPrivateKey), so a recording must not land where files are public.
  const folder = `${prefix}${body.purpose}/`;
  if (!key.startsWith(folder)) {
    throw invalidBodyField('key', `只能上传到自己的目录 ${folder}`);
  }
  const given = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const same = given === extension || (extension === 'jpg' && given === 'jpeg');
  if (!same || !key.includes('.')) {
    throw invalidBodyField('key', `对象键的扩展名应为 .${extension}`);
  }
  return key;
}

const partCountOf = (size: number) => Math.max(1, Math.ceil(size / UPLOAD_PART_SIZE));
const partSizeOf = (row: UploadSessionRow, partNumber: number) =>
  partNumber < row.partCount ? row.partSize : row.size - row.partSize * (row.partCount - 1);

async function urlOf(deps: UploadsDeps, row: UploadSessionRow): Promise<string> {
  const rule = UPLOAD_RULES[row.purpose as UploadPurpose];
  // A public file is named by its stable /files path (what settings keep; with S3 the path
  // redirects to the public material host), a private one by a short link.
  return rule.visibility === 'public'
    ? `${MEDIA_PATH}/${row.objectKey}`
    : store(() => deps.storage.privateUrl(row.objectKey, PRIVATE_URL_SECONDS));
}

async function describe(deps: UploadsDeps, row: UploadSessionRow): Promise<UploadSession> {
  if (row.status === 'completed') return toUploadSession(row, [], await urlOf(deps, row));
  if (row.status !== 'uploading') return toUploadSession(row, [], null);
  const parts = await store(() =>
    deps.storage.multipart.listParts(row.objectKey, row.storeUploadId),
  );
  return toUploadSession(row, parts, null);
}

async function requireSession(
  deps: UploadsDeps,
  grant: UploadGrant,
  uploadId: string,
): Promise<UploadSessionRow> {
  const row = await findOwnSession(deps.db, grant.userId, uploadId);
  // Another learner's session is "not found": its existence is not theirs to learn.
  if (!row || !row.objectKey.startsWith(grant.prefix)) {
    throw new AppError(ErrorCode.NotFound, '上传任务不存在，请重新上传');
  }
  return row;
}

function requireOpen(row: UploadSessionRow): void {
  if (row.status === 'aborted') {
    throw new AppError(ErrorCode.NotFound, '上传任务已取消或已过期，请重新上传');
  }
}

/**
 * Starts an upload, or gives back the learner's unfinished one of the same file (same purpose,
 * key, size, type and last-modified time) with the parts already stored, so a reload resumes.
 */
export async function createUpload(
  deps: UploadsDeps,
  grant: UploadGrant,
  body: CreateUploadBody,
): Promise<UploadSession> {
  const rule = UPLOAD_RULES[body.purpose];
  const contentType = baseType(body.contentType);
  const extension = rule.types[contentType];
  if (!extension) {
    const allowed = [...new Set(Object.values(rule.types))].join('、');
    throw new AppError(
      ErrorCode.UnsupportedMediaType,
      `不支持的文件类型：${rule.label}只能是 ${allowed} 格式`,
    );
  }
  if (body.size > rule.maxBytes) {
    throw new AppError(
      ErrorCode.PayloadTooLarge,
      `文件过大：${rule.label}不能超过 ${rule.maxBytes / 1024 / 1024} MB`,
    );
  }
  const partCount = partCountOf(body.size);
  if (partCount > UPLOAD_MAX_PARTS) {
    throw new AppError(ErrorCode.PayloadTooLarge, `文件过大：最多 ${UPLOAD_MAX_PARTS} 个分片`);
  }
  const key = objectKeyFor(grant.userId, body, extension);
  if (!key.startsWith(grant.prefix))
    throw invalidBodyField('key', `只能上传到自己的目录 ${grant.prefix}`);

  const fingerprint = [body.purpose, key, body.size, contentType, body.lastModified].join('\n');
  const open = await findOpenByFingerprint(deps.db, grant.userId, fingerprint);
  if (open) {
    await touchSession(deps.db, open.id, deps.clock.now());
    return describe(deps, open);
  }

  const { uploadId: storeUploadId } = await store(() =>
    deps.storage.multipart.create(key, contentType),
  );
  const now = deps.clock.now();
  let row: UploadSessionRow | null;
  try {
    row = await insertSession(deps.db, {
      id: randomUUID(),
      userId: grant.userId,
      purpose: body.purpose,
      objectKey: key,
      storeUploadId,
      fileName: body.fileName,
      contentType,
      size: body.size,
      partSize: UPLOAD_PART_SIZE,
      partCount,
      lastModified: body.lastModified,
      fingerprint,
      status: 'uploading',
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Nothing half-made: the store's upload goes with the row that could not be written.
    await deps.storage.multipart.abort(key, storeUploadId).catch(() => undefined);
    throw error;
  }
  if (!row) {
    // Another request of the same file won the insert: keep theirs.
    await deps.storage.multipart.abort(key, storeUploadId).catch(() => undefined);
    const winner = await findOpenByFingerprint(deps.db, grant.userId, fingerprint);
    if (!winner) throw new AppError(ErrorCode.Unavailable, '上传任务正在创建，请稍后再试');
    return describe(deps, winner);
  }
  return toUploadSession(row, [], null);
}

/** The session with the parts the store holds (resume after a reload). */
export async function uploadStatus(
  deps: UploadsDeps,
  grant: UploadGrant,
  uploadId: string,
): Promise<UploadSession> {
  return describe(deps, await requireSession(deps, grant, uploadId));
}

/** Where to PUT the parts asked for, each valid for PART_URL_SECONDS. */
export async function partUrls(
  deps: UploadsDeps,
  grant: UploadGrant,
  body: UploadPartUrlsBody,
): Promise<UploadPartUrls> {
  const row = await requireSession(deps, grant, body.uploadId);
  requireOpen(row);
  if (row.status === 'completed') throw new AppError(ErrorCode.InvalidInput, '上传已完成');
  const outOfRange = body.partNumbers.filter((n) => n < 1 || n > row.partCount);
  if (outOfRange.length > 0) {
    throw invalidBodyField(
      'partNumbers',
      `分片序号超出范围：本文件共 ${row.partCount} 片（第 ${outOfRange.join('、')} 片不存在）`,
    );
  }
  const numbers = [...new Set(body.partNumbers)].sort((a, b) => a - b);
  const parts = await store(() =>
    Promise.all(
      numbers.map(async (partNumber) => ({
        partNumber,
        url: await deps.storage.multipart.partUrl(
          row.objectKey,
          row.storeUploadId,
          partNumber,
          PART_URL_SECONDS,
        ),
        size: partSizeOf(row, partNumber),
      })),
    ),
  );
  await touchSession(deps.db, row.id, deps.clock.now());
  return { parts, expiredTime: nowSeconds(deps.clock) + PART_URL_SECONDS };
}

/** First bytes of each type, so a renamed file is not served as an image. */
const SIGNATURES: Record<string, ((head: Uint8Array) => boolean) | undefined> = {
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h) => startsWith(h, [0x47, 0x49, 0x46, 0x38]),
  webp: (h) => startsWith(h, [0x52, 0x49, 0x46, 0x46]) && ascii(h, 8, 4) === 'WEBP',
  wav: (h) => startsWith(h, [0x52, 0x49, 0x46, 0x46]) && ascii(h, 8, 4) === 'WAVE',
  ogg: (h) => ascii(h, 0, 4) === 'OggS',
  webm: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  mp3: (h) => ascii(h, 0, 3) === 'ID3' || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
};
const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (head: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...head.subarray(at, at + length));

/**
 * Joins the parts once every one is stored at its size (so the total is the declared size) and
 * checks the content is what its type says. A refused file leaves nothing behind.
 */
export async function completeUpload(
  deps: UploadsDeps,
  grant: UploadGrant,
  uploadId: string,
): Promise<UploadSession> {
  const row = await requireSession(deps, grant, uploadId);
  requireOpen(row);
  if (row.status === 'completed') return describe(deps, row);

  const stored = await store(() =>
    deps.storage.multipart.listParts(row.objectKey, row.storeUploadId),
  );
  const byNumber = new Map<number, UploadedPart>(stored.map((part) => [part.partNumber, part]));
  const missing: number[] = [];
  for (let n = 1; n <= row.partCount; n += 1) if (!byNumber.has(n)) missing.push(n);
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join('、') + (missing.length > 10 ? ' 等' : '');
    throw new AppError(
      ErrorCode.InvalidInput,
      `还有 ${missing.length} 个分片未上传（第 ${shown} 片），请继续上传`,
    );
  }
  for (let n = 1; n <= row.partCount; n += 1) {
    const expected = partSizeOf(row, n);
    const got = byNumber.get(n)!.size;
    if (got !== expected) {
      throw new AppError(
        ErrorCode.InvalidInput,
        `第 ${n} 片大小不对：应为 ${expected} 字节，收到 ${got} 字节，请重新上传该分片`,
      );
    }
  }

  const parts = [...byNumber.values()]
    .filter((part) => part.partNumber <= row.partCount)
    .sort((a, b) => a.partNumber - b.partNumber)
    .map(({ partNumber, etag }) => ({ partNumber, etag }));
  await store(() => deps.storage.multipart.complete(row.objectKey, row.storeUploadId, parts));

  const rule = UPLOAD_RULES[row.purpose as UploadPurpose];
  const check = SIGNATURES[rule.types[row.contentType] ?? ''];
  if (check) {
    const object = await store(() => deps.storage.get(row.objectKey));
    if (!object || !check(object.subarray(0, 16))) {
      await store(() => deps.storage.remove(row.objectKey));
      await closeSession(deps.db, row.id, 'aborted', deps.clock.now());
      throw new AppError(
        ErrorCode.UnsupportedMediaType,
        `文件内容与类型不符：不是有效的${rule.label}（${row.contentType}）`,
      );
    }
  }
  await closeSession(deps.db, row.id, 'completed', deps.clock.now());
  return describe(deps, { ...row, status: 'completed' });
}

/** Drops an unfinished upload and its stored parts; a finished one stays as it is. */
export async function abortUpload(
  deps: UploadsDeps,
  grant: UploadGrant,
  uploadId: string,
): Promise<UploadSession> {
  const row = await requireSession(deps, grant, uploadId);
  if (row.status !== 'uploading') return describe(deps, row);
  await store(() => deps.storage.multipart.abort(row.objectKey, row.storeUploadId));
  await closeSession(deps.db, row.id, 'aborted', deps.clock.now());
  return describe(deps, { ...row, status: 'aborted' });
}

export interface CleanupResult {
  aborted: number;
  /** Left for the next run (the store did not answer). */
  failed: number;
}

/**
 * The periodic cleanup (scheduled by the job queue): aborts uploads idle for `idleSeconds` on
 * the store and marks their rows, `limit` at a time. Safe to run on several processes at once.
 */
export async function abortAbandonedUploads(
  deps: Pick<UploadsDeps, 'db' | 'clock' | 'storage'>,
  { idleSeconds = ABANDONED_UPLOAD_SECONDS, limit = 100 } = {},
): Promise<CleanupResult> {
  const before = new Date(deps.clock.now().getTime() - idleSeconds * 1000);
  const rows = await findIdleOpenSessions(deps.db, before, limit);
  const result: CleanupResult = { aborted: 0, failed: 0 };
  for (const row of rows) {
    try {
      await deps.storage.multipart.abort(row.objectKey, row.storeUploadId);
    } catch {
      result.failed += 1;
      continue;
    }
    if (await closeSession(deps.db, row.id, 'aborted', deps.clock.now())) result.aborted += 1;
  }
  return result;
}

export interface RemoveFinishedResult {
  /** Rows deleted (a completed one's object removed first). */
  removed: number;
  /** Left for the next run (the store did not answer). */
  failed: number;
}

/**
 * A purpose's clean-up of uploads nothing can use any more (scheduled by the job queue, for a
 * purpose whose uploads are consumed, as mock recordings are): every completed or aborted
 * session of `purpose` untouched for `olderThanSeconds` goes, a completed one's object first
 * and its row after, so a store that fails leaves the row to find the object by at the next run.
 * An object already removed (the answer that used it did) is not an error. Safe to run on
 * several processes at once and to run again.
 */
export async function removeFinishedUploads(
  deps: Pick<UploadsDeps, 'db' | 'clock' | 'storage'>,
  purpose: UploadPurpose,
  { olderThanSeconds, limit = 500 }: { olderThanSeconds: number; limit?: number },
): Promise<RemoveFinishedResult> {
  const before = new Date(deps.clock.now().getTime() - olderThanSeconds * 1000);
  const rows = await findFinishedSessionsBefore(deps.db, purpose, before, limit);
  const result: RemoveFinishedResult = { removed: 0, failed: 0 };
  for (const row of rows) {
    if (row.status === 'completed') {
      try {
        await deps.storage.remove(row.objectKey);
      } catch {
        result.failed += 1;
        continue;
      }
    }
    if (await deleteFinishedSession(deps.db, row.id)) result.removed += 1;
  }
  return result;
}

/**
 * Aborts a learner's unfinished uploads on the store and marks them: for an account deletion,
 * before its rows go (a store's unfinished multipart parts are not objects, so removing the
 * learner's prefix leaves them). A store failure is thrown (50300): the deletion can retry.
 */
export async function abortOpenUploadsOf(
  deps: Pick<UploadsDeps, 'db' | 'clock' | 'storage'>,
  userId: number,
): Promise<number> {
  const rows = await findOpenSessionsOfUser(deps.db, userId);
  for (const row of rows) {
    await store(() => deps.storage.multipart.abort(row.objectKey, row.storeUploadId));
    await closeSession(deps.db, row.id, 'aborted', deps.clock.now());
  }
  return rows.length;
}

/**
 * A learner's finished upload used as an answer (mock recordings, issue 14): the bytes of their
 * own completed upload of `purpose` at `key`, or `null` when the upload finished but its object
 * is gone (the answer that used it removed it). Anything else is 40401: not theirs, another
 * purpose, unfinished or unknown look alike.
 */
export async function readCompletedUpload(
  deps: Pick<UploadsDeps, 'db' | 'storage'>,
  userId: number,
  purpose: UploadPurpose,
  key: string,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const folder = `${uploadPrefixOf(userId)}${purpose}/`;
  const row = key.startsWith(folder) ? await findCompletedByKey(deps.db, userId, key) : null;
  if (!row || row.purpose !== purpose) {
    throw new AppError(ErrorCode.NotFound, '没有找到这段上传完成的录音，请重新上传');
  }
  if (row.size > maxBytes) throw new AppError(ErrorCode.InvalidInput, '录音文件过大');
  return store(() => deps.storage.get(key, maxBytes));
}

/** Removes a finished upload's object once what used it keeps its own copy. */
export async function removeUploadedObject(
  deps: Pick<UploadsDeps, 'storage'>,
  key: string,
): Promise<void> {
  await store(() => deps.storage.remove(key));
}
