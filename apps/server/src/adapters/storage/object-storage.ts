import { ErrorCode } from '@ninety/contract';
import { AppError } from '../../lib/app-error';

/**
 * Where media live: the question bank's audio and images, learners' recordings and uploads. Keys
 * are relative paths (`bank/audio/rs/rs-0001.mp3`); what a client fetches is `publicUrl(key)` for
 * public objects, or a short-lived link for private ones (recordings, a learner's uploads).
 *
 * Two implementations: the local disk (the default, served by the app itself) and any
 * S3-compatible store (Tencent COS, Alibaba OSS, AWS S3, MinIO; s3rver in tests).
 */
export interface ObjectStorage {
  /** Stores `data` under `key` unless an identical object is there; says whether it wrote. */
  putIfChanged(key: string, data: Uint8Array, contentType: string): Promise<boolean>;
  /** Stores `data` under `key`, replacing what was there. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * The object's bytes, or null when there is no such object. With `maxBytes`, only its first
   * `maxBytes` bytes (a ranged read: checking a 50 MB upload's signature needs 16).
   */
  get(key: string, maxBytes?: number): Promise<Uint8Array | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (ends with `/`); says how many. */
  removePrefix(prefix: string): Promise<number>;
  /** The URL path or absolute URL a browser loads a public object from. */
  publicUrl(key: string): string;
  /**
   * A URL a browser loads a private object from, valid for `expiresSeconds` (short): a presigned
   * GET of the store, or (local disk) a signed root-relative path of our file route.
   */
  privateUrl(key: string, expiresSeconds: number): Promise<string>;
  /** Multipart uploads (learners' files, sent straight from the browser in slices). */
  multipart: MultipartStorage;
  /** Lets go of connections (the S3 client's sockets); the app calls it on close. */
  close?(): void;
}

/** One uploaded part of a multipart upload. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/**
 * The S3 multipart protocol, which the local disk imitates: create → parts (any order, each
 * retried freely; parts 1…10000, all but the last ≥ 5 MB on S3) → complete, or abort.
 */
export interface MultipartStorage {
  create(key: string, contentType: string): Promise<{ uploadId: string }>;
  /**
   * Where the browser PUTs part `partNumber`'s bytes: a presigned URL of the store, or (local
   * disk) a root-relative path of our own part endpoint, valid for `expiresSeconds`. The answer
   * carries the part's `ETag` header (quoted MD5) for `complete`.
   */
  partUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresSeconds: number,
  ): Promise<string>;
  /** The parts the store holds so far, by part number (to resume after a reload). */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /**
   * Joins the parts into the object `key`, by part number (the list may come in any order).
   * Throws MultipartUploadError for an unknown upload, a missing part, a wrong ETag, a repeated
   * part number or a part other than the last below 5 MB; the upload is then still there, so the
   * client can re-send a part and complete again.
   */
  complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void>;
  /** Drops an unfinished upload and its parts; an upload that is not there is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
}

/** S3's bounds of a multipart upload, which the local disk keeps too (so a slicing bug shows locally). */
export const MULTIPART_MIN_PART_BYTES = 5 * 1024 * 1024;
export const MULTIPART_MAX_PARTS = 10_000;
/**
 * The largest part our own part endpoint (local disk) accepts. S3 allows 5 GB; our uploader sends
 * 5 MB slices, so this only has to leave room above that.
 */
export const MULTIPART_MAX_PART_BYTES = 16 * 1024 * 1024;

/** Why a multipart upload was refused, in S3's own words. */
export type MultipartFailure =
  'NoSuchUpload' | 'InvalidPart' | 'InvalidPartOrder' | 'EntityTooSmall';

const MULTIPART_MESSAGES: Record<MultipartFailure, string> = {
  NoSuchUpload: '上传任务不存在或已取消，请重新上传',
  InvalidPart: '上传的分片缺失或校验不符，请重新上传该文件',
  InvalidPartOrder: '分片编号有误，请重新上传该文件',
  EntityTooSmall: '分片过小（除最后一片外每片至少 5 MB），请重新上传该文件',
};

/**
 * A multipart upload the store refused (unknown or aborted upload, a missing part, a wrong ETag,
 * a part too small). It is a 40001 as it stands; the uploads module may catch it by `failure`.
 */
export class MultipartUploadError extends AppError {
  override name = 'MultipartUploadError';
  constructor(
    readonly failure: MultipartFailure,
    options?: ErrorOptions,
  ) {
    super(ErrorCode.InvalidInput, MULTIPART_MESSAGES[failure], undefined, options);
  }
}

/** The message of a store that cannot be reached (50300); nothing was written. */
export const STORAGE_UNAVAILABLE_MESSAGE = '文件存储暂时不可用，请稍后重试';

/** ETags as S3 writes them: the hex MD5 in double quotes. Compared without the quotes. */
export const sameEtag = (a: string, b: string) => a.replaceAll('"', '') === b.replaceAll('"', '');

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Object keys are plain relative paths: no leading slash, no `..`, no empty segments. */
export function assertObjectKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`invalid object key "${key}"`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
